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
