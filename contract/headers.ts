/**
 * The anti-abuse header (docs/behaviour.md#front-token); its value is the server's FRONT_TOKEN setting, handed to the
 * SPA in index.html.
 */
export const FRONT_TOKEN_HEADER = 'x-front-token';
/** The `<meta name>` under which the server writes FRONT_TOKEN into the served index.html. */
export const FRONT_TOKEN_META = 'greenmiles-front-token';

/**
 * The front-token `<meta>` of an index.html: group 1 is the tag up to its `content=`, group 2 the value. A function,
 * so the guest bundle (which only reads the meta through the DOM) does not carry it.
 */
export function frontTokenMetaPattern(): RegExp {
  return new RegExp(`(<meta\\s+name=["']${FRONT_TOKEN_META}["']\\s+content=)["']([^"']*)["']`, 'i');
}

/**
 * The `<meta name>` under which the server writes whether the QA inspector is on (docs/inspector.md#enabling):
 * `content="on"` with QA_INSPECTOR=1 (and on the dev server), empty otherwise.
 */
export const QA_INSPECTOR_META = 'greenmiles-qa-inspector';

/** The QA-inspector `<meta>` of an index.html: group 1 is the tag up to its `content=`. */
export function qaInspectorMetaPattern(): RegExp {
  return new RegExp(`(<meta\\s+name=["']${QA_INSPECTOR_META}["']\\s+content=)["'][^"']*["']`, 'i');
}

/**
 * The build tags the first screens' preloads of index.html (vite.config.ts `preloadFirstScreens`): a route chunk or
 * style sheet lists in `data-first-screens` the screens it is needed for, a catalog names its locale in `data-locale`.
 * The server keeps those of the requested address only (server/static-files.ts `pageFor`).
 */
export const FIRST_SCREENS_ATTRIBUTE = 'data-first-screens';
export const CATALOG_LOCALE_ATTRIBUTE = 'data-locale';

/** A QR address (its entry page goes on to the stay page) or a stay page. */
export type FirstScreen = 'entry' | 'stay';
