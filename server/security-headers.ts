/**
 * The security headers of every answer (docs/server.md#security-headers): a Content-Security-Policy that allows the
 * app's own origin only, no framing, no sniffing, no referrer, and the camera for the app itself (the meal photo).
 *
 * Helmet writes them, once at start-up: @fastify/helmet built helmet's middleware anew on every request (parsing the
 * policy each time), which cost more CPU than serving a guest's rewards list (docs/performance.md#api-reads).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/** The policy: no inline or foreign script; pictures may come from a hotel's https image host (content `picture`). */
export const CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'"],
  // React's `style` props (the slider's position, the inspector's layout) are style attributes, not style sheets.
  styleSrcAttr: ["'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
  mediaSrc: ["'self'", 'blob:'],
  connectSrc: ["'self'"],
  fontSrc: ["'self'"],
  workerSrc: ["'self'", 'blob:'],
  manifestSrc: ["'self'"],
  formAction: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'none'"],
  // The demo's phone frame is drawn by the page itself: nothing needs to frame the app.
  frameAncestors: ["'none'"],
  // Off: the server may run behind plain http inside a hotel's network.
  upgradeInsecureRequests: null,
};

/** The browser features the app may use: the camera, for itself only; everything else off. */
export const PERMISSIONS_POLICY =
  'camera=(self), microphone=(), geolocation=(), payment=(), usb=(), serial=(), bluetooth=(), hid=(), midi=()';

/** The headers helmet sets with the options above, with the Permissions-Policy. */
function securityHeaders(): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  helmet({
    contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    // A reward e-mail's links and the share sheet open other windows; nothing is shared across origins.
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
  })({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return { ...headers, 'permissions-policy': PERMISSIONS_POLICY };
}

export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  const headers = securityHeaders();
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
