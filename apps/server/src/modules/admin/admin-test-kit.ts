import { MSG, PROFILE_TYPES, type TProfileType } from '@virality/domain';
import { buildUser, call, type TTestApp } from '../../test/helpers';

/** Test set-up: a verified ADMIN with a password and a live (12 h) console session. */
export const buildAdmin = (t: TTestApp, opts: { email?: string; name?: string } = {}) =>
  buildUser(t, { ...opts, profileType: 'ADMIN' as TProfileType, profileCompleted: true });

/** A live session of each profile type: the callers every console call must refuse with 403. */
export async function everyOtherRole(t: TTestApp): Promise<{ role: TProfileType; token: string }[]> {
  const out: { role: TProfileType; token: string }[] = [];
  for (const role of PROFILE_TYPES) out.push({ role, token: (await buildUser(t, { profileType: role })).token });
  return out;
}

/**
 * The access rule of a console call: 401 without a token, 403 for every profile type (nothing written, which the
 * caller checks), then the caller's own success case.
 */
export async function expectAdminOnly(
  t: TTestApp,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  body?: unknown,
  others?: { role: TProfileType; token: string }[],
) {
  const anon = await call(t, method, url, { body });
  if (anon.status !== 401 || anon.json?.message !== MSG.unauthorized)
    throw new Error(`${method} ${url} without a token answered ${anon.status} ${anon.json?.message}, not 401`);
  for (const { role, token } of others ?? (await everyOtherRole(t))) {
    const r = await call(t, method, url, { token, body });
    if (r.status !== 403 || r.json?.message !== MSG.forbidden)
      throw new Error(`${method} ${url} as ${role} answered ${r.status} ${r.json?.message}, not 403`);
  }
}
