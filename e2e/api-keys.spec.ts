import type { APIRequestContext } from '@playwright/test';
import { createCompletedInfluencer, loginInBrowser } from './support/api';
import { expect, test } from './support/fixtures';
import { expectNoSidewaysScroll } from './support/layout';
import { jpegFile } from './support/posts';
import { shot } from './support/shots';
import { linkByApi } from './support/social';

/**
 * API keys: an influencer makes a key on the profile hub's API keys page, copies it once, and a script posts through
 * the public API with it; the post is in the app like any other. Revoked, the key stops working at once.
 */

const SIZES = [
  { label: 'on a desktop', viewport: { width: 1280, height: 800 }, shot: 'desktop' },
  { label: 'at 390 px wide', viewport: { width: 390, height: 844 }, shot: 'phone' },
] as const;

/** A call of the public API with a key, as an integrator's script makes it. */
const v1 = (request: APIRequestContext, key: string) => ({
  get: (path: string) => request.get(`/api/v1${path}`, { headers: { authorization: `Bearer ${key}` } }),
  post: (path: string, idempotencyKey: string, opts: { data?: unknown; multipart?: Record<string, unknown> }) =>
    request.post(`/api/v1${path}`, {
      headers: { authorization: `Bearer ${key}`, 'idempotency-key': idempotencyKey },
      ...(opts.data !== undefined ? { data: opts.data } : {}),
      ...(opts.multipart ? { multipart: opts.multipart as never } : {}),
    }),
});

for (const size of SIZES) {
  test(`${size.label}: make a key, post through the API with it, see the post in the app, revoke the key`, async ({
    page,
    request,
    expectNoSeriousA11y,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(size.viewport);
    const user = await createCompletedInfluencer(request);
    const xAccount = await linkByApi(request, user.token, 'twitter');
    await loginInBrowser(page, user);

    // from the profile hub
    await page.goto('/profile');
    await page.getByRole('link', { name: /^API keys/ }).click();
    await expect(page).toHaveURL(/\/profile\/apikeys$/);
    await expect(page.getByRole('heading', { level: 1, name: 'API keys' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'No API keys yet' })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectNoSeriousA11y();
    await shot(page, `/tmp/i38/api-keys-empty-${size.shot}.png`, { fullPage: true });

    // a name is needed; then the key is shown whole, once
    await page.getByRole('button', { name: 'Create key' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create an API key' });
    await dialog.getByRole('button', { name: 'Create key' }).click();
    await expect(dialog.getByText('Give the key a name')).toBeVisible();
    await dialog.getByLabel('Name').fill('My posting script');
    await expect(dialog.getByRole('radio', { name: 'Read and write' })).toBeChecked();
    await expectNoSeriousA11y();
    await dialog.getByRole('button', { name: 'Create key' }).click();
    const shown = page.getByRole('dialog', { name: 'Your new API key' });
    await expect(shown.getByText('Copy this key now: for your security it is not shown again.')).toBeVisible();
    const key = (await shown.getByLabel('The new API key').innerText()).trim();
    expect(key).toMatch(/^vk_[a-z0-9]{12}_[A-Za-z0-9_-]{43}$/);
    await expect(shown.getByRole('button', { name: 'Copy key' })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectNoSeriousA11y();
    await shot(page, `/tmp/i38/api-keys-made-${size.shot}.png`);
    await shown.getByRole('button', { name: 'Done' }).click();

    const list = page.getByRole('list', { name: 'Your API keys' });
    const row = list.getByRole('listitem', { name: 'My posting script' });
    await expect(row).toBeVisible();
    await expect(row.getByText('Read and write')).toBeVisible();
    await expect(row.getByText(`${key.slice(0, 15)}…`)).toBeVisible();
    await expect(row.getByText(/Never used$/)).toBeVisible();
    // the whole key is never on the page again
    await expect(page.getByText(key)).toHaveCount(0);

    // a script posts with it: an upload, then the post, each with its Idempotency-Key
    const api = v1(request, key);
    const accounts = await api.get('/accounts');
    expect(accounts.status()).toBe(200);
    expect((await accounts.json()).data.map((a: { id: string }) => a.id)).toEqual([xAccount]);
    const media = await api.post('/media', `upload-${size.shot}-${Date.now()}`, {
      multipart: { file: await jpegFile(page, 38) },
    });
    expect(media.status(), await media.text()).toBe(201);
    const caption = `Posted by my script ${size.shot} ${Date.now()}`;
    const idempotencyKey = `post-${size.shot}-${Date.now()}`;
    const body = { text: caption, accountIds: [xAccount], mediaIds: [(await media.json()).id] };
    const made = await api.post('/posts', idempotencyKey, { data: body });
    expect(made.status(), await made.text()).toBe(201);
    const post = await made.json();
    // sent again (a lost answer): the same post
    const again = await api.post('/posts', idempotencyKey, { data: body });
    expect(again.status()).toBe(200);
    expect((await again.json()).id).toBe(post.id);
    await expect
      .poll(async () => (await (await api.get(`/posts/${post.id}`)).json()).accounts[0].stateLabel, { timeout: 30_000 })
      .toBe('Published');

    // in the app, like any other post
    await page.goto(`/postoverview/${post.id}`);
    await expect(page.getByRole('heading', { name: 'Post overview', level: 1 })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Post', exact: true }).getByText(caption)).toBeVisible();
    await expect(page.getByRole('region', { name: 'Where it went' }).getByText('Published', { exact: true })).toBeVisible();

    // the page says when the key was last used; revoking it stops it at once
    await page.goto('/profile/apikeys');
    await expect(row.getByText(/Used just now$/)).toBeVisible();
    await expectNoSidewaysScroll(page);
    await shot(page, `/tmp/i38/api-keys-list-${size.shot}.png`, { fullPage: true });
    await row.getByRole('button', { name: 'Revoke My posting script' }).click();
    const confirm = page.getByRole('dialog', { name: 'Revoke My posting script?' });
    await expect(confirm.getByText('Anything using this key stops working at once.', { exact: false })).toBeVisible();
    await confirm.getByRole('button', { name: 'Revoke key' }).click();
    await expect(page.getByText('API key revoked')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'No API keys yet' })).toBeVisible();
    const refused = await api.get('/accounts');
    expect(refused.status()).toBe(401);
    expect(refused.headers()['content-type']).toMatch(/^application\/problem\+json/);
  });
}
