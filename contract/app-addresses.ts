/**
 * The addresses of the app's pages, shared by the SPA's router (src/routes) and the server, which answers the page
 * only on them (docs/server.md#static-files): any other path, a probe or scrape on a wrong path (`/health`,
 * `/metrics`) included, is a 404.
 */

/** Words that are pages of their own: never a room QR id (`/{qrId}`), even as a single segment. */
export const PAGE_WORDS = ['demo', 'hotel', 'stay', 'rewards', 'camera', 'proof', 'staff', 'inspector'] as const;

/**
 * Paths a monitoring tool tries by habit: never a room QR id either, so they answer 404 instead of the page (a probe
 * on the wrong path must not look healthy). The server's own probes are /livez, /readyz and /healthz.
 */
export const OPERATIONS_WORDS = [
  'health',
  'healthz',
  'healthcheck',
  'live',
  'livez',
  'liveness',
  'ready',
  'readyz',
  'readiness',
  'metrics',
  'status',
  'ping',
  'version',
] as const;

const NOT_QR_IDS: ReadonlySet<string> = new Set<string>([...PAGE_WORDS, ...OPERATIONS_WORDS]);

/** Whether a single path segment may be a room QR id's address. */
export function mayBeQrId(segment: string): boolean {
  return !NOT_QR_IDS.has(segment);
}

/**
 * The app's pages in the router's own notation (`{-$mode}`: the optional `/demo` prefix, `$name`: one segment),
 * the same set as src/routeTree.gen.ts's `to` (tests/server/static.test.ts compares them).
 */
export const APP_ADDRESSES = [
  '/{-$mode}',
  '/inspector',
  '/staff/$hId',
  '/{-$mode}/$qrId',
  '/{-$mode}/$qrId/disabled',
  '/{-$mode}/hotel/$hId',
  '/{-$mode}/proof/$actionId',
  '/{-$mode}/rewards/$sUUID',
  '/{-$mode}/camera/$sUUID/$actId',
  '/{-$mode}/stay/$sUUID',
  '/{-$mode}/stay/$sUUID/finished',
  '/{-$mode}/stay/$sUUID/proof/$actionId',
] as const;

function matches(pattern: readonly string[], segments: readonly string[]): boolean {
  const [word, ...rest] = pattern;
  if (word === undefined) return segments.length === 0;
  const [segment, ...others] = segments;
  if (word === '{-$mode}') return (segment === 'demo' && matches(rest, others)) || matches(rest, segments);
  if (segment === undefined) return false;
  if (word === '$qrId' && !mayBeQrId(segment)) return false;
  return (word.startsWith('$') || word === segment) && matches(rest, others);
}

const PATTERNS = APP_ADDRESSES.map((address) => address.split('/').filter((word) => word !== ''));

/** Whether a path (without its query string) is the address of one of the app's pages. */
export function isAppAddress(path: string): boolean {
  const segments = path.split('/').filter((segment) => segment !== '');
  return PATTERNS.some((pattern) => matches(pattern, segments));
}
