import type { APIRequestContext, Page } from '@playwright/test';
import { browserNow, createCompletedInfluencer, loginInBrowser, serverNow, type TApiUser } from './support/api';
import { createCompletedImc, dayNameIn, timeIn } from './support/calendar';
import { expect, installClock, test } from './support/fixtures';
import { expectNoSidewaysScroll } from './support/layout';
import { postByApi, uploadPhoto, utcSchedule } from './support/posts';
import { linkByApi } from './support/social';

// The posts calendar (/calender): Day, Week and Month views with every time on the browser's clock, in two time
// zones; the address keeps the view and the day; a post opens its overview; an IMC user has no campaigns yet.
// Each at a desktop and a phone width. Posts are scheduled through the API in the month after the server's today.

const SIZES = [
  ['on a desktop', { width: 1280, height: 800 }],
  ['at 390 px wide', { width: 390, height: 844 }],
] as const;

const KOLKATA = 'Asia/Kolkata';
const LOS_ANGELES = 'America/Los_Angeles';

type TPlanned = { id: string; caption: string; at: Date };
type TMonth = { user: TApiUser; month: string; late: TPlanned; morning: TPlanned; busy: TPlanned[] };

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * An influencer with posts scheduled next month: one at 20:30 UTC on the 10th (the 11th in Kolkata, still the
 * 10th in Los Angeles), one at 09:15 UTC on the 14th, and four on the 20th (one more than a month cell shows).
 */
async function influencerWithMonth(page: Page, request: APIRequestContext, seed: number): Promise<TMonth> {
  const user = await createCompletedInfluencer(request);
  const x = await linkByApi(request, user.token, 'twitter');
  await loginInBrowser(page, user);
  const photo = await uploadPhoto(request, page, user.token, seed);
  const now = await serverNow(request);
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  const month = `${first.getUTCFullYear()}-${pad(first.getUTCMonth() + 1)}`;
  const stamp = Date.now().toString(36);
  const plan = async (name: string, day: number, time: string): Promise<TPlanned> => {
    const at = new Date(`${month}-${pad(day)}T${time}:00.000Z`);
    const caption = `${name} ${stamp}`;
    const id = await postByApi(request, user.token, {
      caption,
      photo,
      accounts: [x],
      more: { IsScheduled: true, ...utcSchedule(at) },
    });
    return { id, caption, at };
  };
  const late = await plan('Late launch', 10, '20:30');
  const morning = await plan('Morning tip', 14, '09:15');
  const busy: TPlanned[] = [];
  for (const [i, time] of ['10:00', '11:00', '12:00', '13:00'].entries()) busy.push(await plan(`Busy ${i + 1}`, 20, time));
  return { user, month, late, morning, busy };
}

/** A post in any view: a link named by its local time and caption. */
const postLink = (scope: Page | ReturnType<Page['locator']>, p: TPlanned, zone: string) =>
  scope.getByRole('link', { name: new RegExp(`${timeIn(p.at, zone)}.*${p.caption}`) });

const chooseView = (page: Page, view: 'Day' | 'Week' | 'Month') =>
  page.getByRole('radiogroup', { name: 'Calendar view' }).getByText(view, { exact: true }).click();

for (const [label, viewport] of SIZES) {
  const phone = viewport.width < 500;

  test.describe(`${label}, in Asia/Kolkata`, () => {
    test.use({ viewport, timezoneId: KOLKATA });

    test('the month shows each post on its local day at its local time, the day and week views follow, and a post opens its overview', async ({
      page,
      request,
      expectNoSeriousA11y,
    }) => {
      test.setTimeout(150_000);
      const { month, late, morning, busy } = await influencerWithMonth(page, request, 31);

      // the navigation's Calendar leads here; the Daily view of today opens first
      await page.goto('/home');
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Calendar' }).click();
      await expect(page).toHaveURL(/\/calender$/);
      await expect(page.getByRole('heading', { name: 'Calendar', level: 1 })).toBeVisible();
      // Chromium may name Kolkata by its older name, Calcutta
      await expect(page.getByText(/times in your time zone \(Asia\/(Kolkata|Calcutta)\)/)).toBeVisible();
      await expect(page.getByRole('heading', { name: dayNameIn(await browserNow(page), KOLKATA), level: 2 })).toBeVisible();

      // the month, from its address: 20:30 UTC on the 10th is 02:00 on the 11th in Kolkata
      await page.goto(`/calender?view=month&date=${month}-01`);
      const lateDay = dayNameIn(late.at, KOLKATA);
      expect(lateDay).toMatch(/ 11 /);
      if (phone) {
        const day = page.getByRole('button', { name: `${lateDay}, 1 post` });
        await expect(day).toBeVisible();
        await day.click();
        await expect(page).toHaveURL(new RegExp(`view=month&date=${month}-11`));
        const agenda = page.getByRole('region', { name: `Posts on ${lateDay}` });
        await expect(postLink(agenda, late, KOLKATA)).toBeVisible();
        await expect(agenda.getByText('02:00', { exact: true })).toBeVisible();
        // the keys move the chosen day: a day right, a week down
        await day.press('ArrowRight');
        await expect(page).toHaveURL(new RegExp(`date=${month}-12`));
        await expect(
          page.getByRole('button', { name: new RegExp(`^${dayNameIn(new Date(`${month}-12T12:00:00Z`), KOLKATA)}`) }),
        ).toBeFocused();
        await page.keyboard.press('ArrowDown');
        await expect(page).toHaveURL(new RegExp(`date=${month}-19`));
        await expect(page.getByRole('heading', { name: 'No Post Today' })).toBeVisible();
      } else {
        const cell = page.getByRole('group', { name: lateDay, exact: true });
        await expect(postLink(cell, late, KOLKATA)).toBeVisible();
        await expect(cell.getByText('02:00', { exact: true })).toBeVisible();
        await expect(
          postLink(
            page.getByRole('group', { name: dayNameIn(new Date(late.at.getTime() - 86_400_000), KOLKATA), exact: true }),
            late,
            KOLKATA,
          ),
        ).toHaveCount(0);
        // the busy day shows three chips and "+1 more", which opens that day
        const busyCell = page.getByRole('group', { name: dayNameIn(busy[0]!.at, KOLKATA), exact: true });
        await expect(busyCell.getByRole('link')).toHaveCount(3);
        await expectNoSeriousA11y();
        // the keys move the chosen day within the grid
        const first = page.getByRole('button', { name: new RegExp(`^${dayNameIn(new Date(`${month}-01T12:00:00Z`), KOLKATA)}`) });
        await first.focus();
        await page.keyboard.press('ArrowRight');
        await expect(page).toHaveURL(new RegExp(`date=${month}-02`));
        await expect(
          page.getByRole('button', { name: new RegExp(`^${dayNameIn(new Date(`${month}-02T12:00:00Z`), KOLKATA)}`) }),
        ).toBeFocused();
        await page.keyboard.press('ArrowDown');
        await expect(page).toHaveURL(new RegExp(`date=${month}-09`));
        await expect(
          page.getByRole('button', { name: new RegExp(`^${dayNameIn(new Date(`${month}-09T12:00:00Z`), KOLKATA)}`) }),
        ).toBeFocused();
        await busyCell.getByRole('button', { name: /^\+1 more/ }).click();
        await expect(page).toHaveURL(new RegExp(`view=day&date=${month}-20`));
        for (const p of busy) await expect(postLink(page, p, KOLKATA)).toBeVisible();
      }
      await expectNoSidewaysScroll(page);
      if (phone) await expectNoSeriousA11y();

      // a reload keeps the view and the day: a day without posts in the week of the 14th (Monday to Sunday)
      const empty = new Date(`${month}-14T12:00:00Z`).getUTCDay() === 0 ? 13 : 15;
      await page.goto(`/calender?view=day&date=${month}-${empty}`);
      await page.reload();
      await expect(page.getByRole('heading', { name: 'No Post Today' })).toBeVisible();
      // the strip: seven days, the 14th (09:15 UTC is 14:45 in Kolkata) marked with its post
      const strip = page.getByRole('group', { name: 'Days' });
      await expect(strip.getByRole('button')).toHaveCount(7);
      const morningDay = dayNameIn(morning.at, KOLKATA);
      await strip.getByRole('button', { name: `${morningDay}, 1 post` }).click();
      await expect(page).toHaveURL(new RegExp(`view=day&date=${month}-14`));
      await expect(
        page.getByRole('region', { name: `Posts on ${morningDay}` }).getByText('14:45', { exact: true }),
      ).toBeVisible();
      await expect(postLink(page, morning, KOLKATA)).toBeVisible();
      await expectNoSeriousA11y();

      // the week of that day
      await chooseView(page, 'Week');
      await expect(page).toHaveURL(new RegExp(`view=week&date=${month}-14`));
      const weekDay = phone
        ? page.getByRole('region', { name: `Posts on ${morningDay}` })
        : page.getByRole('list', { name: `${morningDay}, 1 post` });
      await expect(postLink(weekDay, morning, KOLKATA)).toBeVisible();
      await expectNoSidewaysScroll(page);
      await expectNoSeriousA11y();

      // a post opens its overview
      await postLink(weekDay, morning, KOLKATA).click();
      await expect(page).toHaveURL(new RegExp(`/postoverview/${morning.id}$`));
    });

    if (!phone) {
      test("this week's view marks now with a line on today's column", async ({ page, request }) => {
        const user = await createCompletedInfluencer(request);
        await loginInBrowser(page, user);
        await page.goto('/calender?view=week');
        await expect(page.getByTestId('now-line')).toHaveCount(1);
        await expect(
          page.getByRole('button', { name: new RegExp(`^${dayNameIn(await browserNow(page), KOLKATA)}, today`) }),
        ).toBeVisible();
      });
    }
  });

  test.describe(`${label}, in America/Los_Angeles`, () => {
    test.use({ viewport, timezoneId: LOS_ANGELES });

    test('the same posts sit on their Los Angeles days at Los Angeles times', async ({ page, request, expectNoSeriousA11y }) => {
      test.setTimeout(120_000);
      const { month, late, busy } = await influencerWithMonth(page, request, 32);
      await page.goto(`/calender?view=month&date=${month}-01`);
      await expect(page.getByText(`times in your time zone (${LOS_ANGELES})`)).toBeVisible();
      // 20:30 UTC on the 10th is still the 10th in Los Angeles, at 12:30 (or 13:30 in summer time)
      const lateDay = dayNameIn(late.at, LOS_ANGELES);
      expect(lateDay).toMatch(/ 10 /);
      if (phone) {
        await page.getByRole('button', { name: `${lateDay}, 1 post` }).click();
        const agenda = page.getByRole('region', { name: `Posts on ${lateDay}` });
        await expect(agenda.getByText(timeIn(late.at, LOS_ANGELES), { exact: true })).toBeVisible();
        await expect(
          page.getByRole('button', { name: new RegExp(`^${dayNameIn(busy[0]!.at, LOS_ANGELES)}, 4 posts`) }),
        ).toBeVisible();
      } else {
        const cell = page.getByRole('group', { name: lateDay, exact: true });
        await expect(postLink(cell, late, LOS_ANGELES)).toBeVisible();
        await expect(
          postLink(
            page.getByRole('group', { name: dayNameIn(new Date(late.at.getTime() + 86_400_000), LOS_ANGELES), exact: true }),
            late,
            LOS_ANGELES,
          ),
        ).toHaveCount(0);
      }
      await expectNoSidewaysScroll(page);
      await expectNoSeriousA11y();
    });
  });

  test.describe(`${label}, at the turn of a month`, () => {
    test.use({ viewport, timezoneId: LOS_ANGELES });

    test("today among the next month's first days, in this month's grid, keeps its mark readable", async ({
      page,
      request,
      expectNoSeriousA11y,
    }) => {
      const user = await createCompletedInfluencer(request);
      await loginInBrowser(page, user);
      // the browser's clock at noon on the first of next month; this month's grid (42 days) ends with that day
      const { firstOfNext, month, day } = await page.evaluate(() => {
        const now = new Date();
        const next = new Date(now.getFullYear(), now.getMonth() + 1, 1, 12);
        const pad = (n: number) => String(n).padStart(2, '0');
        return {
          firstOfNext: next.getTime(),
          month: `${now.getFullYear()}-${pad(now.getMonth() + 1)}`,
          day: `${next.getFullYear()}-${pad(next.getMonth() + 1)}-01`,
        };
      });
      await installClock(page, new Date(firstOfNext));
      await page.goto(`/calender?view=month&date=${month}-01`);
      await expect(page.locator(`[data-day="${day}"][data-today]`)).toBeVisible();
      await expectNoSeriousA11y();
    });
  });

  test.describe(`${label}, an IMC user`, () => {
    test.use({ viewport, timezoneId: KOLKATA });

    test('an IMC user has no campaigns yet: the day says so and no posts are asked for', async ({
      page,
      request,
      expectNoSeriousA11y,
    }) => {
      const imc = await createCompletedImc(request);
      await loginInBrowser(page, imc);
      const asked: string[] = [];
      page.on('request', (r) => {
        if (/posts_date_range|posts_info_by_date/.test(r.url())) asked.push(r.url());
      });
      await page.goto('/calender');
      await expect(page.getByRole('heading', { name: 'No campaigns starting today' })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'No Post Today' })).toHaveCount(0);
      await chooseView(page, 'Month');
      await expect(page).toHaveURL(/view=month/);
      await expectNoSidewaysScroll(page);
      await expectNoSeriousA11y();
      expect(asked).toEqual([]);
    });
  });
}
