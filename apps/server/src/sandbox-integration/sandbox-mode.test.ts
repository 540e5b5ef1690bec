import { GUARD_MSG, MSG } from '@virality/domain';
import { count } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { users } from '../db/schema';
import { buildTestApp, type TTestApp } from '../test/helpers';

const PROVIDERS = {
  SMTP_URL: 'smtp://127.0.0.1:1',
  TWILIO_ACCOUNT_SID: 'AC1',
  TWILIO_AUTH_TOKEN: 'secret',
  TWILIO_FROM: '+15550001111',
  GOOGLE_CLIENT_ID: 'client.apps.googleusercontent.com',
};

/** Log lines a pino logger wrote, parsed. */
function logSink() {
  const lines: { level: number; msg: string }[] = [];
  return { lines, logger: { level: 'info', stream: { write: (s: string) => lines.push(JSON.parse(s)) } } };
}

const SANDBOX_ROUTES = [
  ['GET', '/sandbox/outbox'],
  ['GET', '/sandbox/google/certs'],
  ['GET', '/sandbox/google/signin?redirect_uri=%2Fredirect'],
  ['GET', '/sandbox/clock'],
  ['POST', '/sandbox/clock/advance'],
  ['POST', '/sandbox/notifications'],
] as const;

async function withApp(env: Record<string, string>, fn: (t: TTestApp) => Promise<void>, opts = {}) {
  const t = await buildTestApp(env, opts);
  try {
    await fn(t);
  } finally {
    await t.close();
  }
}

describe('in production the sandbox is never implied', () => {
  it('a start without mail, SMS and Google settings is refused, naming each missing setting', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/SMTP_URL.*TWILIO_ACCOUNT_SID.*GOOGLE_CLIENT_ID/s);
  });

  it('a start missing only one of them is refused too, naming just that one', () => {
    const { GOOGLE_CLIENT_ID: _, ...rest } = PROVIDERS;
    let message = '';
    try {
      loadConfig({ NODE_ENV: 'production', ...rest });
    } catch (e) {
      message = (e as Error).message;
    }
    expect(message).toContain('GOOGLE_CLIENT_ID');
    expect(message).not.toContain('SMTP_URL');
  });

  it('with every provider set, production runs without the sandbox', () => {
    expect(loadConfig({ NODE_ENV: 'production', ...PROVIDERS }).sandbox).toBe(false);
  });

  it('SANDBOX=off runs production without the missing services; SANDBOX=on runs the stand-ins, flagged', () => {
    expect(loadConfig({ NODE_ENV: 'production', SANDBOX: 'off' })).toMatchObject({ sandbox: false, sandboxInProduction: false });
    expect(loadConfig({ NODE_ENV: 'production', SANDBOX: 'on' })).toMatchObject({ sandbox: true, sandboxInProduction: true });
  });

  it('where the emulators answer (SANDBOX_EMULATORS_URL, SANDBOX_PRODUCT_URL) is heeded only with the sandbox on', () => {
    const elsewhere = { SANDBOX_EMULATORS_URL: 'http://127.0.0.1:9/', SANDBOX_PRODUCT_URL: 'http://127.0.0.1:8' };
    const off = loadConfig({ NODE_ENV: 'production', ...PROVIDERS, ...elsewhere, PUBLIC_URL: 'https://virality.example' });
    expect(off.emulators).toMatchObject({ url: 'https://virality.example', productUrl: 'https://virality.example' });
    const on = loadConfig({ SANDBOX: 'on', ...elsewhere, PUBLIC_URL: 'http://127.0.0.1:7' });
    expect(on.emulators).toMatchObject({ url: 'http://127.0.0.1:9', productUrl: 'http://127.0.0.1:8' });
  });

  it('a start moment for the clock (SANDBOX_CLOCK_START) is heeded only with the sandbox on, and must carry its offset', () => {
    const at = '2026-12-31T23:30:00Z';
    expect(loadConfig({ SANDBOX: 'on', SANDBOX_CLOCK_START: at }).sandboxClockStart).toBe(Date.parse(at));
    expect(loadConfig({ NODE_ENV: 'production', ...PROVIDERS, SANDBOX_CLOCK_START: at }).sandboxClockStart).toBeNull();
    expect(() => loadConfig({ SANDBOX: 'on', SANDBOX_CLOCK_START: '2026-12-31 23:30' })).toThrow(/SANDBOX_CLOCK_START/);
  });

  it('outside production, no providers still means the sandbox (npm start on a fresh machine)', () => {
    expect(loadConfig({}).sandbox).toBe(true);
    expect(loadConfig({ SMTP_URL: PROVIDERS.SMTP_URL }).sandbox).toBe(false);
  });

  it('SANDBOX=on in production is warned about at start and on each sandbox request', async () => {
    const sink = logSink();
    await withApp(
      { NODE_ENV: 'production', SANDBOX: 'on' },
      async (t) => {
        const atStart = sink.lines.filter((l) => l.level === 40 && /SANDBOX IS ON IN PRODUCTION/.test(l.msg)).length;
        expect(atStart).toBe(1);
        await t.app.inject({ method: 'GET', url: '/sandbox/clock' });
        await t.app.inject({ method: 'GET', url: '/sandbox/outbox' });
        const all = sink.lines.filter((l) => l.level === 40 && /SANDBOX IS ON IN PRODUCTION/.test(l.msg)).length;
        expect(all).toBe(3);
      },
      { logger: sink.logger },
    );
  });
});

describe('sandbox routes exist only when the sandbox is on', () => {
  it('with the sandbox off every /sandbox route answers 404', async () => {
    await withApp({ SANDBOX: 'off' }, async (t) => {
      for (const [method, url] of SANDBOX_ROUTES) {
        const res = await t.app.inject({ method, url, payload: method === 'POST' ? { seconds: 60 } : undefined });
        expect(res.statusCode, `${method} ${url}`).toBe(404);
      }
    });
  });

  it('with the sandbox on they answer', async () => {
    await withApp({ SANDBOX: 'on' }, async (t) => {
      for (const [method, url] of SANDBOX_ROUTES) {
        const payload = url === '/sandbox/notifications' ? { email: 'nobody@example.com', title: 'Hello' } : { seconds: 60 };
        const res = await t.app.inject({ method, url, payload: method === 'POST' ? payload : undefined });
        // routed: the notification of an unknown account is a 404 with the envelope's message, not the router's
        if (url === '/sandbox/notifications') expect(res.json().message).toBe(MSG.userNotFound);
        else expect(res.statusCode, `${method} ${url}`).toBe(200);
      }
    });
  });
});

describe('messages outside the sandbox', () => {
  it('with mail set but no SMS provider, a phone OTP is refused with a clear error and nothing is created', async () => {
    await withApp(
      { SANDBOX: 'off', SMTP_URL: PROVIDERS.SMTP_URL },
      async (t) => {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/user/create_user',
          payload: { mobileNumber: '9876543210', phoneCode: '91', password: 'Passw0rd!', profileType: 'INFLUENCER' },
        });
        expect(res.statusCode).toBe(503);
        expect(res.json()).toEqual({ status: false, message: GUARD_MSG.smsUnavailable, response: null, code: 'UNAVAILABLE' });
        const [{ n }] = await t.database.db.select({ n: count() }).from(users);
        expect(Number(n)).toBe(0);
      },
      { realMessenger: true },
    );
  });
});

describe('the sandbox Google sign-in', () => {
  it('redirects only to PUBLIC_URL, never to the Host header of the request', async () => {
    await withApp({ SANDBOX: 'on', PUBLIC_URL: 'https://app.example.com' }, async (t) => {
      const evil = { host: 'evil.example' };
      const page = await t.app.inject({
        method: 'GET',
        url: '/sandbox/google/signin?redirect_uri=http%3A%2F%2Fevil.example%2Fredirect',
        headers: evil,
      });
      expect(page.statusCode).toBe(400);
      const post = await t.app.inject({
        method: 'POST',
        url: '/sandbox/google/signin',
        headers: { ...evil, 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'redirect_uri=http%3A%2F%2Fevil.example%2Fredirect&email=a%40example.com',
      });
      expect(post.statusCode).toBe(400);
      expect(post.headers.location).toBeUndefined();

      const ok = await t.app.inject({
        method: 'POST',
        url: '/sandbox/google/signin',
        headers: { ...evil, 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'redirect_uri=%2Fredirect&email=a%40example.com',
      });
      expect(ok.statusCode).toBe(303);
      expect(String(ok.headers.location)).toMatch(/^https:\/\/app\.example\.com\/redirect\?credential=/);
    });
  });
});
