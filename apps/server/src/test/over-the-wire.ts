import net from 'node:net';

/** Over-the-wire helpers for tests and benchmarks that run the server as separate processes and talk HTTP to them. */

/** A TCP port free on 127.0.0.1 now. */
export const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });

// biome-ignore lint/suspicious/noExplicitAny: callers read arbitrary envelopes
export type TJson = any;

/**
 * One HTTP call to `base` (redirects not followed): a JSON body, a form, or multipart; the status, the body as text
 * and as JSON when it is JSON, and where a redirect points.
 */
export async function httpCall(
  base: string,
  method: string,
  url: string,
  opts: { token?: string; body?: unknown; form?: URLSearchParams; multipart?: FormData; headers?: Record<string, string> } = {},
) {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.token) headers['x-access-token'] = opts.token;
  let body: string | FormData | undefined = opts.multipart;
  if (opts.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = opts.form.toString();
  } else if (opts.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }
  const res = await fetch(new URL(url, base), { method, headers, body, redirect: 'manual' });
  const text = await res.text();
  let json: TJson = null;
  try {
    json = JSON.parse(text);
  } catch {}
  return { status: res.status, json, text, location: res.headers.get('location') };
}

/** Text of an HTML page with its numeric character references read (`&#39;` → `'`). */
export const fromHtml = (s: string) => s.replace(/&#(\d+);/g, (_, n) => String.fromCharCode(Number(n)));
