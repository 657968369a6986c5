import helmet from '@fastify/helmet';
import type { FastifyInstance, RouteOptions } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** @fastify/helmet reads a route's own options here. */
    helmet?: RouteOptions['helmet'];
  }
}

/** Where the Swagger UI lives; the one place with a relaxed policy (see `docsPolicy`). */
export const DOCS_PREFIX = '/api/docs';

/**
 * The web app's policy: its own scripts, styles, fonts and data only, no inline script or
 * <style> (React sets style props through the CSSOM, which CSP does not govern). PDF previews
 * are blob: object URLs in an <object>; CSS icons are data: SVGs. Payment checkout is a
 * top-level navigation, so no third-party origin is needed.
 */
const appPolicy = {
  'default-src': ["'self'"],
  'base-uri': ["'none'"],
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'"],
  // Style attributes only (no <style>): the e-mail previews (sandboxed srcdoc frames, which
  // inherit this policy) show mail HTML, styled inline as mail clients require.
  'style-src-attr': ["'unsafe-inline'"],
  'img-src': ["'self'", 'data:'],
  'font-src': ["'self'"],
  'connect-src': ["'self'"],
  'object-src': ['blob:'],
  // Chromium shows a PDF <object> in a frame of its own, which frame-src governs; HTML5
  // banners are previewed in frames of /creatives/, which sandbox themselves (asset-routes.ts).
  'frame-src': ['blob:', "'self'"],
  'worker-src': ["'none'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

/** Swagger UI (only under DOCS_PREFIX) styles itself inline; its scripts are still its own files. */
const docsPolicy = {
  'default-src': ["'self'"],
  'base-uri': ["'none'"],
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:'],
  'object-src': ["'none'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

/**
 * Powerful features the panels never use, denied to the page and anything it might embed
 * (helmet does not set this header). Only names Chromium knows: an unknown one is a console error.
 */
export const PERMISSIONS_POLICY = [
  'accelerometer',
  'autoplay',
  'camera',
  'display-capture',
  'geolocation',
  'gyroscope',
  'hid',
  'idle-detection',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'publickey-credentials-get',
  'screen-wake-lock',
  'serial',
  'usb',
  'xr-spatial-tracking',
]
  .map((feature) => `${feature}=()`)
  .join(', ');

const HSTS_MAX_AGE_S = 365 * 24 * 3600;

/**
 * Security headers on every answer (API, web app, static files, errors): CSP, no framing,
 * nosniff, no referrer, the permissions policy, and HSTS when the public address is https.
 * Registered first, so that every route and the not-found handler get them.
 */
export async function registerSecurityHeaders(app: FastifyInstance, options: { publicUrl: string }) {
  const https = new URL(options.publicUrl).protocol === 'https:';
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      // upgrade-insecure-requests only means something (and only works) behind https.
      directives: https ? { ...appPolicy, 'upgrade-insecure-requests': [] } : appPolicy,
    },
    strictTransportSecurity: https ? { maxAge: HSTS_MAX_AGE_S, includeSubDomains: true } : false,
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
  });
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith(DOCS_PREFIX)) {
      route.config = {
        ...route.config,
        helmet: { contentSecurityPolicy: { useDefaults: false, directives: docsPolicy } },
      };
    }
  });
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('permissions-policy', PERMISSIONS_POLICY);
  });
}
