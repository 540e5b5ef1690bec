import { expect } from 'vitest';
import { buildUser, call, type TTestApp } from '../../test/helpers';
import { jpegBytes } from '../../test/media-fixtures';

/** What the public API's tests share: a user with a key, a v1 call as an integrator makes it, problem checks. */
export function v1Kit(app: () => TTestApp) {
  type TKeyed = { token: string; userId: string; key: string; keyId: string };

  /** A user with a key of `scope`. */
  async function withKey(
    scope: 'read' | 'write' = 'write',
    profileType: 'INFLUENCER' | 'BUSINESS' = 'INFLUENCER',
  ): Promise<TKeyed> {
    const u = await buildUser(app(), { profileType, profileCompleted: true });
    const made = await call(app(), 'POST', '/api/apiKeys', { token: u.token, body: { name: 'Tests', scope } });
    expect(made.status, JSON.stringify(made.json)).toBe(200);
    return { token: u.token, userId: u.user.id, key: made.json.response.key, keyId: made.json.response.id };
  }

  /** A v1 call with a key (or none), as an integrator makes it. */
  async function v1(
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    path: string,
    opts: { key?: string; body?: unknown; idempotencyKey?: string; headers?: Record<string, string>; payload?: Buffer } = {},
  ) {
    const res = await app().app.inject({
      method,
      url: `/api/v1${path}`,
      headers: {
        ...(opts.key ? { authorization: `Bearer ${opts.key}` } : {}),
        ...(opts.idempotencyKey ? { 'idempotency-key': opts.idempotencyKey } : {}),
        ...opts.headers,
      },
      payload: (opts.payload ?? opts.body) as never,
    });
    let json: Record<string, unknown> | null = null;
    try {
      json = res.json();
    } catch {}
    // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary answers
    return { status: res.statusCode, json: json as any, headers: res.headers };
  }

  const expectProblem = (res: Awaited<ReturnType<typeof v1>>, status: number, detail: string) => {
    expect(res.status, JSON.stringify(res.json)).toBe(status);
    expect(String(res.headers['content-type'])).toMatch(/^application\/problem\+json/);
    expect(res.json).toMatchObject({ type: 'about:blank', status, detail });
    expect(typeof res.json.title).toBe('string');
  };

  /** A multipart body with one file under `file`. */
  function multipart(bytes: Buffer, name = 'photo.jpg', type = 'image/jpeg') {
    const boundary = `----v1${Math.random().toString(16).slice(2)}`;
    return {
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`,
        ),
        bytes,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    };
  }

  let n = 0;
  const uniqueKey = () => `test-${Date.now()}-${n++}`;

  async function uploadV1(k: TKeyed, seed = 1) {
    const res = await v1('POST', '/media', {
      key: k.key,
      idempotencyKey: uniqueKey(),
      ...multipart(jpegBytes(1080, 1080, seed)),
    });
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    return res.json as { id: string; url: string };
  }

  return { withKey, v1, expectProblem, multipart, uniqueKey, uploadV1 };
}
