// Virality's service worker: it shows the notifications the server pushes (Web Push) and opens the page a
// notification is about when it is clicked. It caches nothing: the app is loaded from the network as before.
/* eslint-env serviceworker */

self.addEventListener('install', () => {
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

/** The push's message: {title, body, url, tag}; anything unreadable still shows something. */
function readPush(event) {
  try {
    const data = event.data ? event.data.json() : {};
    return {
      title: typeof data.title === 'string' && data.title ? data.title : 'Virality',
      body: typeof data.body === 'string' ? data.body : '',
      url: typeof data.url === 'string' && data.url.startsWith('/') && !data.url.startsWith('//') ? data.url : '/notifications',
      tag: typeof data.tag === 'string' ? data.tag : undefined,
    };
  } catch {
    return { title: 'Virality', body: event.data ? event.data.text() : '', url: '/notifications', tag: undefined };
  }
}

self.addEventListener('push', (event) => {
  const push = readPush(event);
  event.waitUntil(
    self.registration.showNotification(push.title, {
      body: push.body,
      tag: push.tag,
      icon: '/favicon.svg',
      data: { url: push.url },
    }),
  );
});

/**
 * Where a notification's click leads: the page it is about, marked as opened from a notification
 * (?opened=notification), so the app counts the visit (admin/notification/ctrCount) and then drops the mark.
 */
const OPENED_PARAM = 'opened';
const OPENED_VALUE = 'notification';
function openedTarget(path) {
  const url = new URL(path, self.location.origin);
  url.searchParams.set(OPENED_PARAM, OPENED_VALUE);
  return url;
}

/** A click on a notification: the page it is about, in a tab of the app; the visit is counted by the app. */
async function openFromNotification(path) {
  const target = openedTarget(path);
  const plain = new URL(target.href);
  plain.searchParams.delete(OPENED_PARAM);
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const ours = windows.filter((w) => new URL(w.url).origin === self.location.origin);
  // a tab already on the page is brought forward and told, so that it counts the visit without loading again
  const exact = ours.find((w) => w.url === plain.href || w.url === target.href);
  if (exact) {
    const focused = await exact.focus();
    (focused || exact).postMessage({ type: 'notification-opened' });
    return;
  }
  // otherwise an open tab of the app goes there (the mark in the address counts the visit)
  ours.sort(
    (a, b) =>
      Number(b.focused) - Number(a.focused) || Number(b.visibilityState === 'visible') - Number(a.visibilityState === 'visible'),
  );
  for (const w of ours) {
    try {
      const focused = await w.focus();
      await focused.navigate(target.href);
      return;
    } catch {
      // a tab this worker does not control cannot be moved: try the next, or open one
    }
  }
  await self.clients.openWindow(target.href);
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  event.waitUntil(openFromNotification(event.notification.data?.url || '/notifications'));
});
