import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { LOGOUT_SCRIPT } from '../auth/provider.js';

const hash = (script: string) => `'sha256-${crypto.createHash('sha256').update(script).digest('base64')}'`;

/**
 * The Content-Security-Policy of every page (the web app, the provider's sign-in screens): scripts
 * from the portal only (plus the logout page's one inline script, by hash), inline styles because
 * MUI/emotion and the sign-in screens use them, never inside a frame.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  `script-src 'self' ${hash(LOGOUT_SCRIPT)}`,
  "style-src 'self' 'unsafe-inline'",
  // Brand images and images in communications may live on other https hosts.
  "img-src 'self' data: blob: https:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * Security headers on every answer, set on the raw response so that the provider's pages and the
 * event streams (which bypass Fastify's reply) carry them too. A route that sets its own CSP (file
 * downloads: a sandbox) keeps it. HSTS only when the public URL is https.
 */
export function registerSecurityHeaders(app: FastifyInstance, opts: { publicUrl: string; graphiql: boolean }) {
  const https = opts.publicUrl.startsWith('https:');
  app.addHook('onRequest', async (request, reply) => {
    const res = reply.raw;
    // GraphiQL (development only) loads its scripts from a CDN.
    if (!(opts.graphiql && request.url.startsWith('/graphiql')))
      res.setHeader('content-security-policy', CONTENT_SECURITY_POLICY);
    res.setHeader('referrer-policy', 'same-origin');
    res.setHeader('x-content-type-options', 'nosniff');
    if (https) res.setHeader('strict-transport-security', 'max-age=31536000; includeSubDomains');
  });
}
