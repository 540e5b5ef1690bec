/**
 * The cookie notice's answer and the optional storage it allows. Before a visitor accepts, Virality writes
 * only what it needs to work (the signed-in session's keys, a linking flow's keys, and this answer itself);
 * anything optional (OPTIONAL_STORAGE_KEYS) is kept only after Accept, and goes when the visitor declines.
 */

/** The cookie that holds the answer ('accepted' or 'declined'); it lasts CONSENT_DAYS, then the notice asks again. */
export const CONSENT_COOKIE = 'virality-cookie-consent';
export const CONSENT_DAYS = 30;
const CONSENT_MAX_AGE_S = CONSENT_DAYS * 24 * 60 * 60;

/** Local-storage keys that are not needed for the app to work: written only with consent. */
export const OPTIONAL_STORAGE_KEYS = {
  /** The mobile-app notice has been shown on this device (the mobile clients use the same key). */
  mobileBannerShown: 'isMobileBannerShown',
} as const;

export type TConsent = 'accepted' | 'declined';

const listeners = new Set<() => void>();

/** The visitor's answer, or null while they have not answered (or the answer is over 30 days old). */
export function readConsent(): TConsent | null {
  if (typeof document === 'undefined') return null;
  for (const part of document.cookie.split(';')) {
    const [name, value] = part.trim().split('=');
    if (name === CONSENT_COOKIE && (value === 'accepted' || value === 'declined')) return value;
  }
  return null;
}

/** Keeps the answer for 30 days; a refusal also removes any optional storage already written. */
export function saveConsent(choice: TConsent): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from some browsers Virality supports
  document.cookie = `${CONSENT_COOKIE}=${choice}; Max-Age=${CONSENT_MAX_AGE_S}; Path=/; SameSite=Lax${secure}`;
  if (choice === 'declined') {
    for (const key of Object.values(OPTIONAL_STORAGE_KEYS)) localStorage.removeItem(key);
  }
  for (const listener of listeners) listener();
}

/** Whether optional storage (preferences, usage measurement) may be written: only after Accept. */
export function optionalStorageAllowed(): boolean {
  return readConsent() === 'accepted';
}

/** Calls `listener` whenever the visitor answers; returns the unsubscribe. */
export function subscribeConsent(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
