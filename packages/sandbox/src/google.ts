import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { exportJWK, generateKeyPair, type JWK, SignJWT } from 'jose';
import { z } from 'zod';
import { SANDBOX_GOOGLE_CLIENT_ID } from './facts';
import type { TSandboxClock } from './seams';
import { newId } from './seams';

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * Only return addresses under PUBLIC_URL are allowed: an open redirect would hand the ID token to
 * another site, and the request's Host header is the caller's to choose, so it is never trusted.
 */
function safeRedirect(uri: string, publicUrl: string): string | null {
  try {
    const u = new URL(uri, publicUrl);
    if (u.origin !== new URL(publicUrl).origin) return null;
    return u.toString();
  } catch {
    return null;
  }
}

/**
 * The Google sign-in stand-in: a page where a person types an e-mail and name, and the ID token it
 * signs with its own RS256 key, published as a JWKS like Google's (services.md, "Google sign-in").
 */
export const googleSandboxRoutes =
  (opts: { clock: TSandboxClock; publicUrl: string }): FastifyPluginAsyncZod =>
  async (app) => {
    const kid = newId();
    const { publicKey, privateKey } = await generateKeyPair('RS256', { extractable: true });
    const jwk: JWK = { ...(await exportJWK(publicKey)), kid, use: 'sig', alg: 'RS256' };
    const tags = ['Sandbox'];
    // The sign-in page posts an HTML form: only this plugin's scope reads form bodies (the API takes JSON only).
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    });

    app.get('/sandbox/google/certs', { schema: { tags, summary: 'JWKS of the sandbox Google sign-in' } }, async () => ({
      keys: [jwk],
    }));

    app.get(
      '/sandbox/google/signin',
      {
        schema: {
          tags,
          summary: 'Sandbox Google sign-in page',
          querystring: z.object({ redirect_uri: z.string(), state: z.string().optional() }),
        },
      },
      async (req, reply) => {
        if (!safeRedirect(req.query.redirect_uri, opts.publicUrl))
          return reply.status(400).send('redirect_uri must be on this server');
        reply
          .type('text/html')
          .send(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sign in with Google (sandbox)</title>
<style>body{font-family:system-ui,sans-serif;max-width:420px;margin:4rem auto;padding:0 1rem}label{display:block;margin:.75rem 0 .25rem}input{width:100%;padding:.5rem;font-size:1rem}button{margin-top:1rem;padding:.6rem 1.2rem;font-size:1rem}</style></head>
<body><h1>Sign in with Google</h1><p>Sandbox: no Google client id is configured, so this page stands in for Google's.</p>
<form method="post" action="/sandbox/google/signin">
<input type="hidden" name="redirect_uri" value="${esc(req.query.redirect_uri)}"><input type="hidden" name="state" value="${esc(req.query.state ?? '')}">
<label for="email">Google account e-mail</label><input id="email" name="email" type="email" required autocomplete="email">
<label for="name">Name</label><input id="name" name="name" type="text" autocomplete="name">
<button type="submit">Continue</button></form></body></html>`);
      },
    );

    app.post(
      '/sandbox/google/signin',
      {
        schema: {
          tags,
          summary: 'Sign the ID token and go back to the app',
          body: z.object({
            redirect_uri: z.string(),
            state: z.string().optional(),
            email: z.string().email(),
            name: z.string().optional(),
          }),
        },
      },
      async (req, reply) => {
        const target = safeRedirect(req.body.redirect_uri, opts.publicUrl);
        if (!target) return reply.status(400).send('redirect_uri must be on this server');
        const email = req.body.email.toLowerCase();
        const now = Math.floor(opts.clock.nowMs() / 1000);
        const credential = await new SignJWT({ email, email_verified: true, name: req.body.name || email.split('@')[0] })
          .setProtectedHeader({ alg: 'RS256', kid })
          .setIssuer('https://accounts.google.com')
          .setAudience(SANDBOX_GOOGLE_CLIENT_ID)
          .setSubject(`sandbox-${email}`)
          .setIssuedAt(now)
          .setNotBefore(now)
          .setExpirationTime(now + 3600)
          .setJti(newId())
          .sign(privateKey);
        const url = new URL(target);
        url.searchParams.set('credential', credential);
        if (req.body.state) url.searchParams.set('state', req.body.state);
        return reply.redirect(url.toString(), 303);
      },
    );
  };
