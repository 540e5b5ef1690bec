import { SIGNUP_PROFILE_TYPES, type TSignupProfileType } from '@virality/domain';

export type TGoogleMode = 'login' | 'signup';
export type TGoogleState = { mode: TGoogleMode; profileType: TSignupProfileType | null };

/** The opaque `state` carried through Google sign-in: base64 JSON of mode and profile type. */
export const encodeGoogleState = (s: TGoogleState): string => btoa(JSON.stringify(s));

export function decodeGoogleState(raw: string | null): TGoogleState {
  try {
    const parsed = JSON.parse(atob(raw ?? '')) as Partial<TGoogleState>;
    const profileType = SIGNUP_PROFILE_TYPES.includes(parsed.profileType as TSignupProfileType)
      ? (parsed.profileType as TSignupProfileType)
      : null;
    return { mode: parsed.mode === 'signup' ? 'signup' : 'login', profileType };
  } catch {
    return { mode: 'login', profileType: null };
  }
}

/** The e-mail claim of a Google ID token (the server checks the signature). */
export function emailOfIdToken(credential: string): string | null {
  try {
    const part = credential.split('.')[1].replace(/-/g, '+').replace(/_/g, '/');
    const json = decodeURIComponent(Array.from(atob(part), (c) => `%${c.charCodeAt(0).toString(16).padStart(2, '0')}`).join(''));
    const payload = JSON.parse(json) as { email?: unknown };
    return typeof payload.email === 'string' ? payload.email : null;
  } catch {
    return null;
  }
}

/** The sandbox stand-in for Google's consent page (no Google client id configured). */
export const sandboxGoogleUrl = (origin: string, state: string): string =>
  `/sandbox/google/signin?redirect_uri=${encodeURIComponent(`${origin}/redirect`)}&state=${encodeURIComponent(state)}`;

/** Our own return page, also used when Google Identity Services hands the credential to a callback. */
export const redirectPageUrl = (credential: string, state: string): string =>
  `/redirect?credential=${encodeURIComponent(credential)}&state=${encodeURIComponent(state)}`;
