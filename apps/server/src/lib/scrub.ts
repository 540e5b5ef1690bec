/**
 * Masks personal data and credentials in text bound for the logs: e-mail addresses, phone numbers
 * (runs of 7 or more digits), OTP codes (4 or more digits after 'code' or 'otp'), JWTs, long random
 * tokens and the value of anything named token, password, secret or authorization.
 */
const RULES: [RegExp, string][] = [
  // JWT-looking: base64url header starting '{"' (eyJ), payload, and a signature that may be empty
  [/eyJ[A-Za-z0-9_-]*\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*/g, '[token]'],
  // token=…, "password": "…", authorization: Bearer …
  [
    /((?:token|ticket|password|passwd|secret|authorization|credential)\w*["']?\s*[:=]\s*["']?(?:bearer\s+)?)[^\s"'&,;)}\]]+/gi,
    '$1[redacted]',
  ],
  [/[^\s@"'<>()[\]{},;:=/\\]+@[^\s@"'<>()[\]{},;:=/\\]+/g, '[email]'],
  // 'code 1234', 'otpCode: 1234', 'your code is 123456'
  [/((?:code|otp)\w*(?:\s+is)?[\s:="'(]*)\d{4,}/gi, '$1[code]'],
  // phone numbers written with separators after a '+' ('+91 98765 43210'), then any run of 7+ digits
  [/\+\d{1,4}(?:[\s-]?\d){6,}/g, '[number]'],
  [/\d{7,}/g, '[number]'],
  // long random strings (invitation and reset tokens, hashes): letters and digits mixed, 32+ long
  [/(?<![A-Za-z0-9_-])(?=[A-Za-z_-]*\d)(?=[\d_-]*[A-Za-z])[A-Za-z0-9_-]{32,}(?![A-Za-z0-9_-])/g, '[token]'],
];

export function scrub(text: string): string {
  let out = text;
  for (const [re, to] of RULES) out = out.replace(re, to);
  return out;
}

type TErrorLike = { name?: unknown; type?: unknown; code?: unknown; message?: unknown; stack?: unknown; cause?: unknown };

/** Drizzle's 'Failed query: … params: a@b.c,…' keeps the query and drops the parameters. */
const withoutParams = (message: string) => message.replace(/\nparams: [\s\S]*$/, '\nparams: [redacted]');

/**
 * What may be logged of an error: its type, code, a scrubbed message and stack, and the same of its
 * cause. Never `detail`, `parameters` or anything else a database error carries (pg's detail names
 * the values: `Key (email)=(a@b.c) already exists`).
 */
export function errorForLog(err: unknown, depth = 0): Record<string, unknown> {
  if (!err || typeof err !== 'object') return { type: typeof err, message: scrub(String(err)) };
  const e = err as TErrorLike;
  const rawMessage = typeof e.message === 'string' ? e.message : '';
  const message = withoutParams(rawMessage);
  const out: Record<string, unknown> = {
    // `type` when given an already summarized error (the logger's err serializer runs this again)
    type: typeof e.name === 'string' ? e.name : typeof e.type === 'string' ? e.type : (err.constructor?.name ?? 'Error'),
    message: scrub(message),
  };
  if (typeof e.code === 'string' || typeof e.code === 'number') out.code = scrub(String(e.code));
  // a replacer function: '$&' in a message is text, not the match (which would bring the params back)
  if (typeof e.stack === 'string') out.stack = scrub(rawMessage ? e.stack.replace(rawMessage, () => message) : e.stack);
  if (e.cause && depth < 3) out.cause = errorForLog(e.cause, depth + 1);
  return out;
}
