import { randomToken } from "../app/security/random-token";
import type { RequestHandler } from "express";
import helmet from "helmet";
import { GOOGLE_SIGN_IN_ORIGIN } from "../app/accounts/omniauth/one-tap";

// Ably's realtime and fallback hosts (token requests go to the app itself).
const ABLY_ORIGINS = ["https://*.ably.io", "wss://*.ably.io", "https://*.ably-realtime.com", "wss://*.ably-realtime.com", "https://*.ably.net", "wss://*.ably.net"];

/**
 * Powerful browser features no page uses are off for the site and anything it embeds. Camera,
 * microphone and screen sharing are the site's own (study rooms' video) and still off for anything
 * it embeds: for every page, since a room opened by a client-side navigation (the invite popup's
 * Enter) keeps the policy of the document the user first loaded.
 */
const PERMISSIONS_POLICY = [
  "accelerometer=()",
  "autoplay=(self)",
  "camera=(self)",
  "display-capture=(self)",
  "fullscreen=(self)",
  "geolocation=()",
  "gyroscope=()",
  "magnetometer=()",
  "microphone=(self)",
  "midi=()",
  "payment=()",
  "usb=()",
].join(", ");

const permissionsPolicy: RequestHandler = (_req, res, next) => {
  res.setHeader("Permissions-Policy", PERMISSIONS_POLICY);
  next();
};

/**
 * Security headers for every answer: a Content-Security-Policy with a fresh nonce per request
 * (inline scripts must carry it), HSTS in production only, no framing at all, a Permissions-Policy,
 * and helmet's other defaults.
 */
export function securityHeaders({
  production,
  devServer,
  servedOverHttps,
  googleSignIn = false,
  ably = false,
  checkoutOrigins = [],
}: {
  production: boolean;
  devServer: boolean;
  /** Behind a TLS-terminating proxy or with an https APP_ORIGIN; a local `npm start` is plain http. */
  servedOverHttps: boolean;
  /** GOOGLE_CLIENT_ID is set: allow Google's sign-in script, its prompt iframe and styles. */
  googleSignIn?: boolean;
  /** ABLY_API_KEY is set: browsers connect to Ably's realtime endpoints. */
  ably?: boolean;
  /** Where checkout forms are redirected to pay (Stripe's hosted page, or the local emulator). */
  checkoutOrigins?: readonly string[];
}): RequestHandler[] {
  const google = googleSignIn ? [GOOGLE_SIGN_IN_ORIGIN] : [];
  const assignNonce: RequestHandler = (_req, res, next) => {
    res.locals.cspNonce = randomToken(16);
    next();
  };
  const nonceSource = (_req: unknown, res: unknown) => `'nonce-${(res as { locals: { cspNonce: string } }).locals.cspNonce}'`;
  return [
    assignNonce,
    helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          "default-src": ["'self'"],
          "script-src": ["'self'", nonceSource, ...(devServer ? ["'unsafe-inline'"] : []), ...google],
          "style-src": ["'self'", "'unsafe-inline'", ...google],
          "img-src": ["'self'", "data:", "blob:"],
          "font-src": ["'self'", "data:"],
          "connect-src": ["'self'", ...(devServer ? ["ws:", "wss:"] : []), ...google, ...(ably ? ABLY_ORIGINS : [])],
          ...(googleSignIn ? { "frame-src": ["'self'", ...google] } : {}),
          "media-src": ["'self'", "blob:"],
          "form-action": ["'self'", ...checkoutOrigins],
          "frame-ancestors": ["'none'"],
          "base-uri": ["'self'"],
          "object-src": ["'none'"],
          ...(production && servedOverHttps ? { "upgrade-insecure-requests": [] } : {}),
        },
      },
      strictTransportSecurity: production ? { maxAge: 63_072_000, includeSubDomains: true, preload: false } : false,
      crossOriginEmbedderPolicy: false,
      referrerPolicy: { policy: "strict-origin-when-cross-origin" },
      // The same rule as frame-ancestors 'none', for browsers that only read this header.
      xFrameOptions: { action: "deny" },
    }),
    permissionsPolicy,
  ];
}
