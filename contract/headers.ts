/**
 * The anti-abuse header (docs/behaviour.md#front-token); its value is the server's FRONT_TOKEN setting, handed to the
 * SPA in index.html.
 */
export const FRONT_TOKEN_HEADER = 'x-front-token';
/** The `<meta name>` under which the server writes FRONT_TOKEN into the served index.html. */
export const FRONT_TOKEN_META = 'greenmiles-front-token';
