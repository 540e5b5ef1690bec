import type { Locator, Page } from '@playwright/test';
import { createCompletedInfluencer, loginInBrowser } from './support/api';
import { expect, installClock, test } from './support/fixtures';
import { expectNoSidewaysScroll } from './support/layout';
import { jpegFile } from './support/posts';
import { shot } from './support/shots';
import { linkByApi, onX } from './support/social';

/**
 * The posting queue: an influencer gives their X account weekly time slots on the Queue page, adds three posts to
 * the queue from the composer (which says, before and after, when each goes), moves one up, shares one now (it goes
 * out; the others keep their slots), then changes a slot and sees the queued posts take the new times in order.
 * Every expected time is worked out from the product's clock (other journeys move it), on the browser's zone.
 */

const SIZES = [
  { label: 'on a desktop', viewport: { width: 1280, height: 800 }, shot: 'desktop' },
  { label: 'at 390 px wide', viewport: { width: 390, height: 844 }, shot: 'phone' },
] as const;

const DAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** A zone's calendar day of a moment, yyyy-MM-dd. */
const dayIn = (at: number, zone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
/** The moment a wall-clock time of a day happens in a zone. */
function momentOf(day: string, time: string, zone: string): number {
  const guess = Date.parse(`${day}T${time}:00.000Z`);
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
  }).formatToParts(guess);
  const n = (t: string) => Number(parts.find((p) => p.type === t)?.value);
  const wall = Date.UTC(n('year'), n('month') - 1, n('day'), n('hour'), n('minute'));
  return guess - (wall - guess);
}
/** How the app writes a moment: 'Tue 11 May, 09:00'. */
const textOf = (at: number, zone: string) =>
  new Intl.DateTimeFormat('en-GB', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: zone,
  }).format(at);

/** Adds a slot with the editor's day and time fields. */
async function addSlot(editor: Locator, day: string, time: string) {
  await editor.getByLabel('Day', { exact: true }).selectOption({ label: day });
  await editor.getByLabel('Time', { exact: true }).fill(time);
  await editor.getByRole('button', { name: 'Add time slot' }).click();
  await expect(editor.getByRole('listitem', { name: day }).getByText(time, { exact: true })).toBeVisible();
}

/** Adds a photo post to the X account's queue from the composer: the time it said before sending, and after. */
async function addToQueue(page: Page, caption: string, seed: number, expected: string, size: string) {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Create post' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create post' });
  await dialog.getByRole('button', { name: 'X', exact: true }).click();
  await dialog.getByLabel('Upload media').setInputFiles(await jpegFile(page, seed));
  await dialog.getByRole('textbox', { name: /Caption/ }).fill(caption);
  await dialog.getByRole('switch', { name: 'Add to queue' }).click();
  const times = dialog.getByRole('list', { name: 'Queue times' });
  await expect(times.getByTestId('queue-time')).toHaveText(expected);
  if (seed === 1) {
    await times.scrollIntoViewIfNeeded();
    await expectNoSidewaysScroll(page);
    await shot(page, `/tmp/i39/queue-composer-${size}.png`);
  }
  const answer = page.waitForResponse((r) => r.url().includes('/sph/social-media-manager/single-post/'));
  await dialog.getByRole('button', { name: 'Add to queue', exact: true }).click();
  expect((await answer).ok()).toBe(true);
  const results = dialog.getByRole('list', { name: 'Post results' });
  await expect(results.getByText(`Goes out ${expected}`)).toBeVisible();
  await expect(dialog.getByRole('heading', { name: 'Post added to the queue' })).toBeVisible();
  if (seed === 1) await shot(page, `/tmp/i39/queue-composer-result-${size}.png`);
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toHaveCount(0);
}

for (const size of SIZES) {
  test(`${size.label}: set slots, add three posts to the queue, reorder, share one now, change a slot`, async ({
    page,
    request,
    expectNoSeriousA11y,
  }) => {
    test.setTimeout(180_000);
    await page.setViewportSize(size.viewport);
    // the browser's clock is the product's: every expected slot is worked out from it
    const now = Date.parse((await (await request.get('/sandbox/clock')).json()).response.now as string);
    await installClock(page, new Date(now));
    const user = await createCompletedInfluencer(request);
    await linkByApi(request, user.token, 'twitter');
    await loginInBrowser(page, user);
    const zone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
    // four and five days ahead: far from now, whatever other journeys do to the clock meanwhile
    const first = dayIn(now + 4 * 86_400_000, zone);
    const second = dayIn(now + 5 * 86_400_000, zone);
    const dayName = (day: string) => DAY_NAMES[new Date(`${day}T12:00:00Z`).getUTCDay()];
    const at = (day: string, time: string) => textOf(momentOf(day, time, zone), zone);
    const [t1, t2, t3, t2Later] = [at(first, '09:00'), at(first, '15:00'), at(second, '09:00'), at(first, '18:00')];

    // the navigation's Queue: the account's tab, no slots yet
    await page.goto('/home');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Queue' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Queue' })).toBeVisible();
    await expect(page.getByRole('tab', { name: /^X / })).toHaveAttribute('aria-selected', 'true');
    const coming = page.getByRole('region', { name: 'Coming slots' });
    await expect(coming.getByRole('heading', { name: 'No time slots yet' })).toBeVisible();
    const editor = page.getByRole('region', { name: 'Posting schedule' });
    await expect(editor.getByRole('combobox', { name: 'Time zone' })).toHaveValue(zone);
    await expectNoSidewaysScroll(page);
    await expectNoSeriousA11y();
    await shot(page, `/tmp/i39/queue-empty-${size.shot}.png`, { fullPage: true });

    // three slots: a time twice on one day is refused in the app's words
    await addSlot(editor, dayName(first), '09:00');
    await addSlot(editor, dayName(first), '15:00');
    await addSlot(editor, dayName(second), '09:00');
    await editor.getByLabel('Day', { exact: true }).selectOption({ label: dayName(first) });
    await editor.getByLabel('Time', { exact: true }).fill('09:00');
    await editor.getByRole('button', { name: 'Add time slot' }).click();
    await expect(editor.getByRole('alert')).toHaveText('This time is already in the schedule for that day');
    await editor.getByRole('button', { name: 'Save schedule' }).click();
    await expect(page.getByText('Posting schedule saved').first()).toBeVisible();
    await expect(editor.getByText('Own schedule')).toBeVisible();
    const slots = coming.getByRole('list', { name: 'Coming slots' });
    await expect(slots.getByRole('listitem', { name: `${t1}: empty slot` })).toBeVisible();
    await expect(slots.getByRole('listitem', { name: `${t2}: empty slot` })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectNoSeriousA11y();
    await shot(page, `/tmp/i39/queue-slots-${size.shot}.png`, { fullPage: true });

    // three posts added to the queue from the composer: each takes the next free slot, said before and after
    const stamp = `${size.shot} ${Date.now().toString(36)}`;
    const [a, b, c] = [`Queued first ${stamp}`, `Queued second ${stamp}`, `Queued third ${stamp}`];
    await addToQueue(page, a, 1, t1, size.shot);
    await addToQueue(page, b, 2, t2, size.shot);
    await addToQueue(page, c, 3, t3, size.shot);
    await expect(slots.getByRole('listitem', { name: `${t1}: ${a}` })).toBeVisible();
    await expect(slots.getByRole('listitem', { name: `${t2}: ${b}` })).toBeVisible();
    await expect(slots.getByRole('listitem', { name: `${t3}: ${c}` })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectNoSeriousA11y();
    await shot(page, `/tmp/i39/queue-posts-${size.shot}.png`, { fullPage: true });

    // the third moves up: it swaps slots with the second
    await slots
      .getByRole('listitem', { name: `${t3}: ${c}` })
      .getByRole('button', { name: 'Move up' })
      .click();
    await expect(page.getByText('Queue order changed').first()).toBeVisible();
    await expect(slots.getByRole('listitem', { name: `${t2}: ${c}` })).toBeVisible();
    await expect(slots.getByRole('listitem', { name: `${t3}: ${b}` })).toBeVisible();

    // the first is shared now: it goes out on X, the others keep their slots
    await slots
      .getByRole('listitem', { name: `${t1}: ${a}` })
      .getByRole('button', { name: 'Share now' })
      .click();
    const confirm = page.getByRole('dialog', { name: 'Share this post now?' });
    await shot(page, `/tmp/i39/queue-share-${size.shot}.png`);
    await confirm.getByRole('button', { name: 'Share now' }).click();
    await expect(page.getByText('Post sent now: the others keep their slots').first()).toBeVisible();
    await expect(slots.getByRole('listitem', { name: `${t1}: empty slot` })).toBeVisible();
    await expect(slots.getByRole('listitem', { name: `${t2}: ${c}` })).toBeVisible();
    await expect(slots.getByRole('listitem', { name: `${t3}: ${b}` })).toBeVisible();
    await expect.poll(() => onX(request, a), { timeout: 30_000 }).toBe(1);

    // 15:00 becomes 18:00: the queued posts take the slots from the first free one, in their order
    await editor.getByRole('button', { name: `Remove ${dayName(first)} 15:00` }).click();
    await addSlot(editor, dayName(first), '18:00');
    await editor.getByRole('button', { name: 'Save schedule' }).click();
    await expect(slots.getByRole('listitem', { name: `${t1}: ${c}` })).toBeVisible();
    await expect(slots.getByRole('listitem', { name: `${t2Later}: ${b}` })).toBeVisible();
    await expect(slots.getByRole('listitem', { name: new RegExp(`: ${a}$`) })).toHaveCount(0);
    await expectNoSidewaysScroll(page);
    await expectNoSeriousA11y();
    await shot(page, `/tmp/i39/queue-retimed-${size.shot}.png`, { fullPage: true });
  });
}
