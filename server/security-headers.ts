/**
 * The security headers of every answer (docs/server.md#security-headers): a Content-Security-Policy that allows the
 * app's own origin only, no framing, no sniffing, no referrer, and the camera for the app itself (the meal photo).
 */
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

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

export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    // A reward e-mail's links and the share sheet open other windows; nothing is shared across origins.
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
  });
  app.addHook('onSend', async (_request, reply) => {
    reply.header('permissions-policy', PERMISSIONS_POLICY);
  });
}
