import Fastify, {
  type FastifyInstance,
  type FastifyServerOptions,
  type InjectOptions,
  type LightMyRequestResponse,
} from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll } from 'vitest';
import type { TGrant, TNetworkAdapter, TNetworkSettings, TPublishMedia } from '../../integrations/networks/types';
import { inProcessFetch } from '../../test/helpers';

/**
 * What the emulators' tests share: the address the test app stands at, the settings an adapter reaches an emulator
 * with, one Fastify app per test file with the emulators mounted in it, and a person's click on a consent page.
 */

/** Where the test app stands: the adapters' calls to it are answered in-process. */
export const TEST_PUBLIC_URL = 'http://localhost:3000';

/** The settings an adapter reaches the emulator at `path` (e.g. `/sandbox/youtube`) with, as the sandbox's client. */
export const emulatorSettings = (client: { clientId: string; clientSecret: string }, path: string) =>
  ({
    ...client,
    authBase: `${TEST_PUBLIC_URL}${path}`,
    apiBase: `${TEST_PUBLIC_URL}${path}`,
    redirectUri: `${TEST_PUBLIC_URL}/social/return`,
    sandbox: true,
  }) satisfies TNetworkSettings;

/**
 * One test file's app: `mount` registers the emulators (and any media routes) before the file's tests run, and the
 * app closes after them. `viaApp.fetch` reaches the app in-process (a caller's abort signal is honoured as a
 * socket's would be); `app.inject` calls it directly once it is ready.
 */
export function emulatorApp(
  mount: (app: FastifyInstance, viaAppFetch: typeof fetch) => Promise<unknown> | unknown,
  options: FastifyServerOptions = {},
) {
  const viaApp = inProcessFetch(TEST_PUBLIC_URL);
  let current: FastifyInstance | undefined;
  beforeAll(async () => {
    const app = Fastify(options);
    current = app;
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    await mount(app, viaApp.fetch);
    await app.ready();
    viaApp.bind(app as never);
  });
  afterAll(async () => current?.close());
  const ready = () => {
    if (!current) throw new Error('the emulators are mounted before the tests run');
    return current;
  };
  return {
    viaApp,
    /** Reaches the app as `viaApp.fetch` does, but gives up after 50 ms: a network's deadline, shortened for tests. */
    impatientFetch: ((input, init) => viaApp.fetch(input, { ...init, signal: AbortSignal.timeout(50) })) satisfies typeof fetch,
    app: { inject: (call: InjectOptions | string) => ready().inject(call) },
    /** Makes the next calls of the emulator at `path` fail, or forgets the failures asked for (`{ clear: true }`). */
    control: (path: string, payload: Record<string, unknown>) =>
      ready().inject({ method: 'POST', url: `${path}/_control`, payload }),
  };
}

/** A JPEG photo the test app serves at /media/photo.jpg, as a post names it: 1080×1080 unless `more` says otherwise. */
export const testPhoto = (bytes: number, more: Partial<TPublishMedia> = {}): TPublishMedia => ({
  url: `${TEST_PUBLIC_URL}/media/photo.jpg`,
  type: 'image',
  mimeType: 'image/jpeg',
  bytes,
  width: 1080,
  height: 1080,
  durationSec: null,
  ...more,
});

/** An MP4 video the test app serves at /media/clip.mp4: 1080×1920 and 12 s unless `more` says otherwise. */
export const testClip = (bytes: number, more: Partial<TPublishMedia> = {}): TPublishMedia => ({
  url: `${TEST_PUBLIC_URL}/media/clip.mp4`,
  type: 'video',
  mimeType: 'video/mp4',
  bytes,
  width: 1080,
  height: 1920,
  durationSec: 12,
  ...more,
});

/** Text as the consent page wrote it, unescaped. */
export const fromHtml = (s: string) => s.replace(/&#(\d+);/g, (_, n) => String.fromCharCode(Number(n)));

/** The hidden fields of a consent page's form, unescaped. */
export const hiddenFields = (html: string) =>
  Object.fromEntries(
    [...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((m) => [m[1], fromHtml(m[2])]),
  );

/** What calls the test app: the app `emulatorApp` answers with. */
type TInjector = { inject: (call: InjectOptions) => Promise<LightMyRequestResponse> };

/**
 * What a person does on a sandbox consent page at `url`: opens it, picks `profile` and clicks `decision`, the page's
 * hidden fields posted back with `change` over them. The page and the answer to the click, for a test to look at.
 */
export async function clickConsent(
  app: TInjector,
  url: string,
  choice: { profile: string; decision: 'allow' | 'cancel'; change?: Record<string, string> },
) {
  const u = new URL(url);
  const page = await app.inject({ method: 'GET', url: u.pathname + u.search });
  const res = await app.inject({
    method: 'POST',
    url: u.pathname,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      ...hiddenFields(page.body),
      profile: choice.profile,
      decision: choice.decision,
      ...choice.change,
    }).toString(),
  });
  return { page, res };
}

/**
 * A profile linked as the product links it: the adapter's authorize, Allow on the consent page as `profile`, and the
 * exchange of what the page sent back (an OAuth 2 code, or X's OAuth 1.0a token and verifier). The grant.
 */
export async function linkThroughConsent(
  adapter: Pick<TNetworkAdapter, 'authorize' | 'exchange'>,
  app: TInjector,
  profile: string,
  now: Date,
): Promise<TGrant> {
  const { url, secret } = await adapter.authorize({ state: 'st' });
  const { res } = await clickConsent(app, url, { profile, decision: 'allow' });
  const back = new URL(String(res.headers.location)).searchParams;
  return adapter.exchange(
    { code: back.get('code'), oauthToken: back.get('oauth_token'), oauthVerifier: back.get('oauth_verifier') },
    secret,
    now,
  );
}

/**
 * A read of the account once what a call whose answer was lost did has taken effect. The emulator goes on with a
 * call its client gave up on in its own time, and on a loaded machine that can be later than the client waited, so
 * the account is read again (every 20 ms, for at most `ms`) until `done` says it shows it.
 */
export async function onceTaken<T>(read: () => Promise<T>, done: (r: T) => boolean, ms = 5000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const r = await read();
    if (done(r) || Date.now() > until) return r;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
