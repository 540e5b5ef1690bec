import { API_BASE, api } from './api-client';

/**
 * Web Push in the browser: the service worker (/sw.js) shows what the server pushes; this asks for the
 * permission at a moment that explains itself (after a post is created, with an in-app prompt first), subscribes
 * with the server's VAPID public key and registers the subscription (notification/registerDeviceToken), registers
 * it again quietly when permission was already given, and removes it at logout, before the session ends.
 */

/** "Not now": when it was said (ms). The prompt waits NOT_NOW_DAYS before it is offered again. */
export const PUSH_NOT_NOW_KEY = 'virality-push-not-now';
export const NOT_NOW_DAYS = 30;
/** The user whose subscription this tab has registered (once per tab and user). */
const SYNCED_KEY = 'virality-push-synced';
const SW_URL = '/sw.js';
/** How long logout waits for the subscription's removal before it goes on. */
const REMOVE_WAIT_MS = 3000;

/** The browser can receive pushes: a service worker, the Push API and notifications. */
export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window &&
    window.isSecureContext
  );
}

/** Whether the in-app prompt may be offered: supported, never answered in the browser, no recent "Not now". */
export function pushPromptWanted(nowMs: number = Date.now()): boolean {
  if (!pushSupported() || Notification.permission !== 'default') return false;
  const said = Number(localStorage.getItem(PUSH_NOT_NOW_KEY) ?? 0);
  return !(said > 0 && nowMs - said < NOT_NOW_DAYS * 24 * 3600 * 1000);
}

export function rememberNotNow(nowMs: number = Date.now()): void {
  localStorage.setItem(PUSH_NOT_NOW_KEY, String(nowMs));
}

// ── the prompt's moment: a post was just created ──────────────────────────────────────────────────────────
const listeners = new Set<() => void>();
let offered = false;

/** A post was created: the prompt shows, if it is wanted. */
export function offerPush(): void {
  if (!pushPromptWanted()) return;
  offered = true;
  for (const l of listeners) l();
}
export const pushOffered = () => offered;
export function dismissPushOffer(): void {
  offered = false;
  for (const l of listeners) l();
}
export function subscribePushOffer(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

// ── subscribing ───────────────────────────────────────────────────────────────────────────────────────────
/** The VAPID key as the Push API takes it. */
export function applicationServerKey(base64Url: string): Uint8Array<ArrayBuffer> {
  const b64 = base64Url.replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
  const out = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i);
  return out;
}

const sameKey = (a: ArrayBuffer | null, b: Uint8Array) => {
  if (!a || a.byteLength !== b.length) return false;
  const x = new Uint8Array(a);
  return x.every((v, i) => v === b[i]);
};

async function ready(): Promise<ServiceWorkerRegistration> {
  await navigator.serviceWorker.register(SW_URL, { scope: '/' });
  return navigator.serviceWorker.ready;
}

/** This browser's subscription for the server's key: the one it has, or a new one (permission must be granted). */
async function currentSubscription(publicKey: string): Promise<PushSubscription> {
  const reg = await ready();
  const key = applicationServerKey(publicKey);
  const existing = await reg.pushManager.getSubscription();
  // a subscription made with another key (the server's keys were replaced) can no longer be pushed to
  if (existing && sameKey(existing.options.applicationServerKey, key)) return existing;
  if (existing) await existing.unsubscribe().catch(() => undefined);
  return reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
}

const register = (sub: PushSubscription) =>
  api.post('notification/registerDeviceToken', { deviceToken: JSON.stringify(sub), deviceType: 'web' });

export type TTurnOnResult = 'on' | 'denied' | 'failed';

/** Turn on: asks the browser's permission, subscribes and registers the subscription with the server. */
export async function turnOnPush(publicKey: string, userId: string): Promise<TTurnOnResult> {
  if (!pushSupported()) return 'failed';
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return 'denied';
  try {
    await register(await currentSubscription(publicKey));
    sessionStorage.setItem(SYNCED_KEY, userId);
    return 'on';
  } catch {
    return 'failed';
  }
}

/**
 * Permission was given before (this browser, an earlier session): the subscription is registered again for the
 * signed-in user, once per tab, without asking anything. A failure is left for the next visit.
 */
export async function syncPushQuietly(publicKey: string, userId: string): Promise<void> {
  if (!pushSupported() || Notification.permission !== 'granted') return;
  if (sessionStorage.getItem(SYNCED_KEY) === userId) return;
  try {
    await register(await currentSubscription(publicKey));
    sessionStorage.setItem(SYNCED_KEY, userId);
  } catch {
    // quiet: the next visit tries again
  }
}

/**
 * At logout, with the session still valid: removes this browser's subscription from the server (only this one:
 * DELETE notification/removeToken with deviceTokenWeb) and unsubscribes it, so nothing more reaches this device.
 * Waits at most REMOVE_WAIT_MS; logout goes on whatever happens.
 */
export async function removePushOnLogout(token: string): Promise<void> {
  sessionStorage.removeItem(SYNCED_KEY);
  if (!pushSupported()) return;
  const work = (async () => {
    const reg = await navigator.serviceWorker.getRegistration(SW_URL);
    const sub = await reg?.pushManager.getSubscription();
    if (!sub) return;
    await fetch(`${API_BASE.main}/notification/removeToken?deviceType=web`, {
      method: 'DELETE',
      headers: { 'x-access-token': token, 'content-type': 'application/json' },
      body: JSON.stringify({ deviceTokenWeb: JSON.stringify(sub) }),
    });
    await sub.unsubscribe();
  })().catch(() => undefined);
  await Promise.race([work, new Promise((resolve) => setTimeout(resolve, REMOVE_WAIT_MS))]);
}
