import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Locator } from '@playwright/test';
import { createCompletedInfluencer, loginInBrowser } from './support/api';
import { expect, installClock, test } from './support/fixtures';
import { expectNoSidewaysScroll } from './support/layout';
import { postByApi, uploadPhoto } from './support/posts';
import { shot } from './support/shots';
import { linkByApi } from './support/social';

/**
 * Webhooks: an influencer adds a webhook on the API keys page, for post.published, to their own server (here a small
 * receiver on 127.0.0.1, which the sandbox server takes). A post goes out; the receiver is down at first (503), so
 * the delivery log shows the delivery waiting for its retry, with the answer; once the receiver is back, Send again
 * delivers it. Every delivery the receiver got is signed with the secret the page showed once.
 */

const SIZES = [
  { label: 'on a desktop', viewport: { width: 1280, height: 800 }, shot: 'desktop' },
  { label: 'at 390 px wide', viewport: { width: 390, height: 844 }, shot: 'phone' },
] as const;

type TReceived = { headers: http.IncomingHttpHeaders; body: string; signed: boolean };

/** Checks `Virality-Signature: t=<s>,v1=<hex>` as a receiver would: HMAC-SHA256 of "<t>.<body>", recent. */
function signedWith(secret: string, header: string | undefined, body: string): boolean {
  const parts = new Map((header ?? '').split(',').map((p) => p.split('=', 2) as [string, string]));
  const t = Number(parts.get('t'));
  const given = Buffer.from(parts.get('v1') ?? '', 'hex');
  const expected = createHmac('sha256', secret).update(`${t}.${body}`).digest();
  return (
    Number.isInteger(t) &&
    Math.abs(Date.now() / 1000 - t) <= 300 &&
    given.length === expected.length &&
    timingSafeEqual(given, expected)
  );
}

/** A webhook receiver on 127.0.0.1: answers `status` (503 at first), keeps each request and whether it was signed. */
async function startReceiver() {
  const received: TReceived[] = [];
  const state = { status: 503, secret: '' };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const header = req.headers['virality-signature'];
      received.push({ headers: req.headers, body, signed: signedWith(state.secret, header as string | undefined, body) });
      res.writeHead(state.status, { 'content-type': 'text/plain' });
      res.end(state.status === 503 ? 'Receiver busy: try again later' : 'Thanks, got it');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (name: string) => `http://127.0.0.1:${port}/hooks/virality/${name}`,
    received,
    state,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The status badge of a delivery row, with its background (amber waiting, green delivered). */
const badgeOf = (row: Locator) => row.locator('[data-tone]');

for (const size of SIZES) {
  test(`${size.label}: add a webhook, see a refused delivery wait for its retry, Send again once the server is back`, async ({
    page,
    request,
    expectNoSeriousA11y,
  }) => {
    test.setTimeout(150_000);
    const receiver = await startReceiver();
    try {
      await page.setViewportSize(size.viewport);
      // the browser's clock is the product's: other journeys move the sandbox's shared clock on, and the log's
      // 'Next try in …' is the delivery's next attempt (the product's time) less the device's now, as for a user
      const productNow = (await (await request.get('/sandbox/clock')).json()).response.now as string;
      await installClock(page, new Date(productNow));
      const user = await createCompletedInfluencer(request);
      const xAccount = await linkByApi(request, user.token, 'twitter');
      await loginInBrowser(page, user);

      await page.goto('/profile/apikeys');
      await expect(page.getByRole('heading', { level: 1, name: 'API keys' })).toBeVisible();
      const section = page.getByRole('region', { name: 'Webhooks' });
      await expect(section.getByRole('heading', { level: 2, name: 'Webhooks' })).toBeVisible();
      await expect(section.getByRole('heading', { name: 'No webhooks yet' })).toBeVisible();
      await expectNoSidewaysScroll(page);
      await expectNoSeriousA11y();
      await shot(page, `/tmp/i38/webhooks-empty-${size.shot}.png`, { fullPage: true });

      // the server refuses an address that is not https (only 127.0.0.1 is taken over http, in the sandbox): its words
      await section.getByRole('button', { name: 'Add webhook' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add a webhook' });
      await dialog.getByLabel('Endpoint URL').fill('http://hooks.example.com/virality');
      await dialog.getByRole('checkbox', { name: 'post.published' }).check();
      await dialog.getByRole('button', { name: 'Add webhook' }).click();
      await expect(dialog.getByRole('alert')).toHaveText('The address must be an https: URL');
      await expectNoSeriousA11y();
      await shot(page, `/tmp/i38/webhooks-add-${size.shot}.png`);

      const url = receiver.url(size.shot);
      await dialog.getByLabel('Endpoint URL').fill(url);
      await dialog.getByRole('button', { name: 'Add webhook' }).click();
      const shown = page.getByRole('dialog', { name: 'Your webhook’s signing secret' });
      await expect(shown.getByText('Copy this secret now: for your security it is not shown again.')).toBeVisible();
      const secret = (await shown.getByLabel('The signing secret').innerText()).trim();
      expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
      receiver.state.secret = secret;
      await expect(shown.getByRole('button', { name: 'Copy secret' })).toBeVisible();
      await expect(shown.getByRole('heading', { name: 'How to verify a delivery' })).toBeVisible();
      await expectNoSidewaysScroll(page);
      await expectNoSeriousA11y();
      await shot(page, `/tmp/i38/webhooks-secret-${size.shot}.png`);
      await shown.getByRole('button', { name: 'Done' }).click();

      const row = section.getByRole('list', { name: 'Your webhooks' }).getByRole('listitem', { name: url });
      await expect(row.getByRole('list', { name: 'Events' })).toHaveText('post.published');
      await expect(page.getByText(secret)).toHaveCount(0);

      // a post goes out: the receiver is told, and answers 503
      const photo = await uploadPhoto(request, page, user.token, 38);
      const caption = `Webhook journey ${size.shot} ${Date.now()}`;
      const postId = await postByApi(request, user.token, { caption, photo, accounts: [xAccount] });
      await expect.poll(() => receiver.received.length, { timeout: 60_000 }).toBeGreaterThan(0);
      const first = JSON.parse(receiver.received[0].body);
      expect(first).toMatchObject({ type: 'post.published', data: { postId, accountId: xAccount, state: 'published' } });
      expect(receiver.received[0].headers['virality-event-type']).toBe('post.published');

      // the log: waiting for its retry, with the 503 and the start of what the receiver said
      await row.getByRole('button', { name: 'Deliveries' }).click();
      const log = row.getByRole('region', { name: 'Deliveries' });
      const delivery = log.getByRole('list', { name: 'Deliveries' }).getByRole('listitem').first();
      await expect(async () => {
        await log.getByRole('button', { name: 'Refresh' }).click();
        await expect(badgeOf(delivery)).toHaveText('Retrying', { timeout: 2_000 });
      }).toPass({ timeout: 30_000 });
      await expect(badgeOf(delivery)).toHaveCSS('background-color', 'rgb(255, 243, 209)');
      await expect(delivery.getByTestId('delivery-facts')).toHaveText(
        /^1 attempt · HTTP 503 · Next try in (1 min|under a minute)$/,
      );
      await expect(delivery.getByText('Receiver busy: try again later')).toBeVisible();
      await expectNoSidewaysScroll(page);
      await expectNoSeriousA11y();
      await shot(page, `/tmp/i38/webhooks-retrying-${size.shot}.png`, { fullPage: true });

      // opened: the JSON sent, in its own box
      await delivery.getByRole('button', { name: 'Show payload' }).click();
      const payload = delivery.getByLabel('The payload sent');
      await expect(payload).toContainText('"type": "post.published"');
      await expect(payload).toContainText(`"postId": "${postId}"`);
      await expectNoSidewaysScroll(page);
      await expectNoSeriousA11y();
      await shot(page, `/tmp/i38/webhooks-payload-${size.shot}.png`, { fullPage: true });
      await delivery.getByRole('button', { name: 'Hide payload' }).click();

      // the receiver is back: Send again delivers it
      receiver.state.status = 200;
      await delivery.getByRole('button', { name: 'Send again' }).click();
      await expect(page.getByText('Sent again')).toBeVisible();
      await expect(async () => {
        await log.getByRole('button', { name: 'Refresh' }).click();
        await expect(badgeOf(delivery)).toHaveText('Delivered', { timeout: 2_000 });
      }).toPass({ timeout: 30_000 });
      await expect(badgeOf(delivery)).toHaveCSS('background-color', 'rgb(226, 246, 232)');
      await expect(delivery.getByTestId('delivery-facts')).toHaveText('1 attempt · HTTP 200');
      await expect(delivery.getByText('Thanks, got it')).toBeVisible();

      // every delivery was the same event, signed with the secret the page showed
      expect(receiver.received.length).toBeGreaterThanOrEqual(2);
      for (const r of receiver.received) {
        expect(r.signed, `signature ${r.headers['virality-signature']}`).toBe(true);
        expect(JSON.parse(r.body).id).toBe(first.id);
      }
      await expectNoSidewaysScroll(page);
      await expectNoSeriousA11y();
      await shot(page, `/tmp/i38/webhooks-delivered-${size.shot}.png`, { fullPage: true });

      // deleted after a confirmation
      await row.getByRole('button', { name: `Delete webhook ${url}` }).click();
      const confirm = page.getByRole('dialog', { name: 'Delete this webhook?' });
      await confirm.getByRole('button', { name: 'Delete webhook' }).click();
      await expect(page.getByText('Webhook deleted')).toBeVisible();
      await expect(section.getByRole('heading', { name: 'No webhooks yet' })).toBeVisible();
    } finally {
      await receiver.close();
    }
  });
}
