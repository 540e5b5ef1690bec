import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { createCompletedInfluencer, loginInBrowser, serverNow } from './support/api';
import { timeIn } from './support/calendar';
import { expect, test } from './support/fixtures';
import { expectNoSidewaysScroll } from './support/layout';
import { postByApi, uploadPhoto, utcSchedule } from './support/posts';
import { linkByApi } from './support/social';

// The calendar's week as a person opens it: on a desktop the time rail opens on the current hour (another week on
// its first post), each chip shows the start of its caption, even when two posts share a time; 'Today' is a live
// button, never greyed. On a phone the week's agenda. Posts are scheduled through the API.

const SIZES = [
  ['on a desktop', { width: 1280, height: 800 }],
  ['at 390 px wide', { width: 390, height: 844 }],
] as const;
const SHOTS = process.env.E2E_SHOTS_DIR;
const HOUR = 3_600_000;

/**
 * A time zone where it is now between 04:00 and 17:59, so that two hours on is still today and four hours back,
 * a week on, is still that day: the test then holds whatever the hour it runs at (the product's hour, in a run
 * started at E2E_CLOCK_AT).
 */
const STARTED = process.env.E2E_CLOCK_AT ? new Date(process.env.E2E_CLOCK_AT) : new Date();
const ZONE =
  ['UTC', 'Asia/Tokyo', 'America/Los_Angeles', 'Asia/Kolkata', 'America/New_York', 'Pacific/Auckland'].find((zone) => {
    const hour = Number(STARTED.toLocaleString('en-GB', { hour: '2-digit', hourCycle: 'h23', timeZone: zone }));
    return hour >= 4 && hour < 18;
  }) ?? 'UTC';

async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

for (const [label, viewport] of SIZES) {
  const phone = viewport.width < 500;

  // the zone is not in the title: Playwright lists the tests in one process and runs them in another, and at an
  // hour's turn the two could choose different zones, and then not find the test by its title
  test.describe(label, () => {
    test.use({ viewport, timezoneId: ZONE });

    test('the week opens on the current hour, its chips show the start of their captions, and Today stays live', async ({
      page,
      request,
      expectNoSeriousA11y,
    }) => {
      test.setTimeout(120_000);
      const user = await createCompletedInfluencer(request);
      const x = await linkByApi(request, user.token, 'twitter');
      const photo = await uploadPhoto(request, page, user.token, 11);
      const now = new Date(Math.max(Date.now(), (await serverNow(request)).getTime()));
      const soon = new Date(Math.ceil((now.getTime() + 2 * HOUR) / 60_000) * 60_000);
      const stamp = Date.now().toString(36);
      const captions = [`Morning run along the river ${stamp}`, `Studio tour with the team ${stamp}`];
      // two posts at the same time share the column's width
      for (const caption of captions)
        await postByApi(request, user.token, {
          caption,
          photo,
          accounts: [x],
          more: { IsScheduled: true, ...utcSchedule(soon) },
        });
      // next week, four hours earlier in the day than now
      const nextWeek = new Date(soon.getTime() + 7 * 24 * HOUR - 6 * HOUR);
      const later = `Next week's plan ${stamp}`;
      await postByApi(request, user.token, {
        caption: later,
        photo,
        accounts: [x],
        more: { IsScheduled: true, ...utcSchedule(nextWeek) },
      });

      await loginInBrowser(page, user);
      await page.goto('/calender?view=week');
      const today = page.getByRole('button', { name: 'Today', exact: true });
      await expect(today).toBeEnabled();
      await expect(today).not.toHaveAttribute('data-disabled');
      const chips = captions.map((c) => page.getByRole('link', { name: new RegExp(`${timeIn(soon, ZONE)}.*${c}`) }));
      if (phone) {
        // the week's agenda: each post with its caption
        for (const [i, chip] of chips.entries()) await expect(chip).toContainText(captions[i]);
      } else {
        // the rail opens where the now-line is: on screen without scrolling
        await expect(page.getByTestId('now-line')).toBeInViewport();
        for (const chip of chips) {
          await expect(chip).toBeInViewport();
          // the caption's first word is drawn, not cut away to nothing
          const shown = await chip.evaluate((el) => {
            const caption = el.querySelector('[data-chip-caption]') as HTMLElement | null;
            return caption ? { width: caption.clientWidth, text: caption.textContent ?? '' } : null;
          });
          expect(shown?.width ?? 0, 'the caption has room').toBeGreaterThanOrEqual(40);
        }
      }
      await expectNoSidewaysScroll(page);
      await shot(page, `calendar-week-${viewport.width}`);
      await expectNoSeriousA11y();

      // another week opens on its first post; Today is live there too and comes back to this week
      await page.getByRole('button', { name: 'Next week' }).click();
      const next = page.getByRole('link', { name: new RegExp(`${timeIn(nextWeek, ZONE)}.*${later}`) });
      if (phone) await expect(next).toContainText(later);
      else await expect(next).toBeInViewport();
      await expect(today).toBeEnabled();
      await today.click();
      await expect(chips[0]).toBeVisible();
      await shot(page, `calendar-next-week-${viewport.width}`);
    });
  });
}
