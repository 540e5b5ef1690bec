import { type APIRequestContext, expect as baseExpect, type Page } from '@playwright/test';
import { whileFiguresJobRuns } from './support/analytics';
import { createCompletedInfluencer, loginInBrowser, serverNow, type TApiUser } from './support/api';
import { expect, test } from './support/fixtures';
import { expectNoSidewaysScroll } from './support/layout';
import { postByApi, uploadPhoto, utcSchedule } from './support/posts';
import { failNext, linkByApi, linkForFaults, postDetails } from './support/social';
import { createBusinessOwner, managerOf } from './support/team';

// The home dashboard and /allrecentpost: a new user's empty states; today's, the scheduled and the recent posts of
// a user who posts, the numbers, and all recent posts page by page with how each account fared; the profile
// overview of a network with its follower tier once the figures are read; the performance card's week and month; a business manager whose role opens no
// posting sees no Create. Each at a desktop and a phone width, posts made through the API.

const SIZES = [
  ['on a desktop', { width: 1280, height: 800 }],
  ['at 390 px wide', { width: 390, height: 844 }],
] as const;

const MINUTE = 60_000;
const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

/** The recent posts the server has for the user: how many went out. */
async function recentTotal(request: APIRequestContext, user: TApiUser): Promise<number> {
  const res = await request.get(`/sph/recent_post_details/${user.userId}/`, {
    params: { page: '1', limit: '1' },
    headers: { 'x-access-token': user.token },
  });
  baseExpect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { total: number }).total;
}

for (const [label, viewport] of SIZES) {
  test.describe(label, () => {
    test.use({ viewport, timezoneId: 'Asia/Kolkata' });

    test('a new influencer sees the empty states and the way to a first post', async ({ page, request, expectNoSeriousA11y }) => {
      const user = await createCompletedInfluencer(request);
      await loginInBrowser(page, user);
      await page.goto('/home');
      await expect(page.getByRole('heading', { name: `Welcome, ${user.name}`, level: 1 })).toBeVisible();
      await expect(page.getByRole('heading', { name: "You haven't added a post yet" })).toBeVisible();
      // the first steps in place of the figures: none done yet (no account, no post, the free tier)
      const setUp = region(page, 'Get set up');
      await expect(setUp.getByText('0 of 3 done')).toBeVisible();
      // linking starts here: a dialog of networks
      await expect(setUp.getByRole('button', { name: 'Connect an account' })).toBeVisible();
      await expect(setUp.getByRole('link', { name: 'See plans' })).toHaveAttribute('href', '/profile/pricing');
      // the way to a first post: the step's own button, and the navigation's Create post always in sight
      await expect(page.getByRole('button', { name: 'Write a post' })).toBeVisible();
      await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Create post' })).toBeVisible();
      // no campaign page exists yet, so no link to one
      await expect(page.getByRole('link', { name: /campaign/i })).toHaveCount(0);
      await expect(region(page, 'Profile Overview').getByText('No Profile Overview')).toBeVisible();
      const accounts = region(page, 'Accounts');
      await expect(accounts.getByRole('button', { name: 'Add account' })).toBeVisible();
      // no post sections before a first post
      await expect(region(page, 'Recent posts')).toHaveCount(0);
      await expectNoSeriousA11y();
      await expectNoSidewaysScroll(page);

      // the composer box opens the create-post dialog
      await page.getByRole('button', { name: 'What would you like to share?' }).click();
      await expect(page.getByRole('dialog', { name: 'Create post' })).toBeVisible();
    });

    test('an influencer sees today’s, the scheduled and the recent posts, and pages through every recent post', async ({
      page,
      request,
      expectNoSeriousA11y,
    }) => {
      test.setTimeout(240_000);
      const user = await createCompletedInfluencer(request);
      const x = await linkByApi(request, user.token, 'twitter');
      const ig = await linkByApi(request, user.token, 'instagram');
      const threads = await linkForFaults(request, user.token, 'dashboard', 'threads');
      await loginInBrowser(page, user);
      const photo = await uploadPhoto(request, page, user.token, 21);
      const stamp = Date.now();
      const caption = (i: number) => `Sent now ${i} ${stamp}`;
      // one at a time, each out before the next, so "newest first" has one answer
      for (let i = 1; i <= 11; i++) {
        await postByApi(request, user.token, { caption: caption(i), photo, accounts: [x] });
        await expect.poll(() => recentTotal(request, user), { timeout: 30_000 }).toBe(i);
      }
      // one more to Instagram and Threads, where Threads refuses (no journey posts to Threads expecting it to go out, so
      // no other post meets the refusal): it went out on Instagram only
      await failNext(request, threads, 'missing_permission', 1, 'publish');
      const mixed = `Half out ${stamp}`;
      const mixedId = await postByApi(request, user.token, { caption: mixed, photo, accounts: [ig, threads.id] });
      const scheduled = `Later today ${stamp}`;
      const at = new Date((await serverNow(request)).getTime() + 15 * MINUTE);
      await postByApi(request, user.token, {
        caption: scheduled,
        photo,
        accounts: [ig],
        more: { IsScheduled: true, ...utcSchedule(at) },
      });
      await expect.poll(() => recentTotal(request, user), { timeout: 60_000 }).toBe(12);
      // Threads' answer: not out, with the reason the network gave
      type TTargets = { MediaPostedOn: { SocialMediaName: string; Status: string; Error: string | null }[] };
      const settled = async () => (await postDetails(request, user.token, mixedId)) as unknown as TTargets;
      await expect
        .poll(
          async () =>
            (await settled()).MediaPostedOn.map((m) => m.Status)
              .sort()
              .join(','),
          { timeout: 30_000 },
        )
        .toMatch(/^(failed|needs_reconnect),published$/);
      const refused = (await settled()).MediaPostedOn.find((m) => m.Status !== 'published');
      baseExpect(refused?.Error).toBeTruthy();

      await page.goto('/home');
      // the numbers
      const numbers = page.getByRole('region', { name: 'Your posts in numbers' });
      await expect(numbers.getByRole('group', { name: 'Posts sent' })).toHaveText(/^Posts sent\s*12/);
      await expect(numbers.getByRole('group', { name: 'Scheduled' })).toHaveText(/^Scheduled\s*1$/);
      // today, in the browser's time zone, earliest first: the posts sent now (and the scheduled one, when it falls
      // today there), five, then all
      const today = region(page, 'Today');
      await expect(today.getByRole('listitem')).toHaveCount(5);
      await expect(today.getByRole('listitem').first()).toHaveAccessibleName(caption(1));
      await today.getByRole('button', { name: /^Show all 1[23]$/ }).click();
      await expect(today.getByRole('listitem', { name: mixed })).toBeVisible();
      // the next scheduled posts
      await expect(region(page, 'Scheduled posts').getByText(scheduled)).toBeVisible();
      // the last three out, newest first
      const recent = region(page, 'Recent posts');
      await expect(recent.getByRole('article')).toHaveCount(3);
      await expect(recent.getByRole('article').first()).toHaveAccessibleName(mixed);
      await expect(recent.getByRole('article').nth(1)).toHaveAccessibleName(caption(11));
      await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Create post' })).toBeVisible();
      // the performance of the week: twelve accounts published to (Threads refused one), then 30 days as a table
      const performance = region(page, 'Performance');
      await expect(performance.getByText('Published to accounts', { exact: true })).toBeVisible();
      await expect(performance.getByText('12', { exact: true })).toBeVisible();
      await expect(performance.getByRole('img', { name: /^Engagement over the last 7 days/ })).toBeVisible();
      await performance.getByText('30 d', { exact: true }).click();
      await expect(performance.getByRole('img', { name: /^Engagement over the last 30 days/ })).toBeVisible();
      await performance.getByRole('button', { name: 'View as table' }).click();
      await expect(performance.getByRole('table').getByRole('row')).toHaveCount(31);
      await expectNoSeriousA11y();
      await expectNoSidewaysScroll(page);

      // all of them, 10 a page
      await recent.getByRole('link', { name: 'View all' }).click();
      await expect(page).toHaveURL(/\/allrecentpost$/);
      await expect(page.getByRole('heading', { name: 'Recent posts', level: 1 })).toBeVisible();
      await expect(page.getByRole('article')).toHaveCount(10);
      const half = page.getByRole('article', { name: mixed });
      // Threads refused it: Partly posted, never a green Posted over a failure
      await expect(half.getByText('Partly posted', { exact: true })).toBeVisible();
      const where = half.getByRole('list', { name: 'Where it went' }).getByRole('listitem');
      await expect(where).toHaveCount(2);
      await expect(where.filter({ has: page.getByRole('img', { name: 'Instagram' }) })).toContainText('Published');
      const onThreads = where.filter({ has: page.getByRole('img', { name: 'Threads' }) });
      await expect(onThreads).toContainText(refused?.Status === 'failed' ? 'Failed' : 'Needs reconnect');
      await expect(onThreads).toContainText(refused?.Error ?? '');
      await expect(page.getByRole('article', { name: caption(3) }).getByText('Published')).toBeVisible();
      await expectNoSeriousA11y();
      await expectNoSidewaysScroll(page);
      await page.getByRole('button', { name: 'Page 2' }).click();
      await expect(page).toHaveURL(/\/allrecentpost\?page=2$/);
      await expect(page.getByRole('article')).toHaveCount(2);
      await expect(page.getByRole('article', { name: caption(1) })).toBeVisible();

      // a card opens the post's overview
      await page
        .getByRole('article', { name: caption(1) })
        .getByRole('link')
        .click();
      await expect(page).toHaveURL(/\/postoverview\/[\w-]+$/);
    });

    test('a business manager whose role opens no posting sees no Create, and the networks its role opens to analytics', async ({
      page,
      request,
      expectNoSeriousA11y,
    }) => {
      test.setTimeout(120_000);
      const owner = await createBusinessOwner(request);
      await linkByApi(request, owner.token, 'twitter');
      await linkByApi(request, owner.token, 'instagram');
      const manager = await managerOf(request, owner, [
        { accountId: '6', access: true, moduleAccess: { Post: false, Analytics: true, Scheduler: false } },
      ]);
      await loginInBrowser(page, manager);
      await page.goto('/home');
      await expect(page.getByRole('heading', { name: `Welcome, ${manager.name}`, level: 1 })).toBeVisible();
      const overview = region(page, 'Profile Overview');
      await expect(overview.getByRole('button', { name: 'X figures' })).toBeVisible();
      await expect(overview.getByRole('button', { name: 'Instagram figures' })).toHaveCount(0);
      await expect(page.getByRole('button', { name: /create/i })).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'What would you like to share?' })).toHaveCount(0);
      // managers neither add nor remove accounts
      await expect(region(page, 'Accounts').getByRole('button', { name: /^Remove/ })).toHaveCount(0);
      await expect(region(page, 'Accounts').getByRole('link', { name: 'Add account' })).toHaveCount(0);
      await expectNoSeriousA11y();
    });
  });
}

// The profile overview waits for the figures job to read the accounts: both widths' users are made and linked first,
// so one run of the job reads them all and the second width does not wait for a run of its own.
test.describe('at a desktop and at 390 px wide', () => {
  test.use({ timezoneId: 'Asia/Kolkata' });

  test('the profile overview shows a network’s accounts with their figures and follower tier once read; a post going out shows at once', async ({
    page,
    request,
    expectNoSeriousA11y,
  }) => {
    test.setTimeout(240_000);
    const users: { user: TApiUser; x: string }[] = [];
    for (const _ of SIZES) {
      const user = await createCompletedInfluencer(request);
      const x = await linkByApi(request, user.token, 'twitter');
      await linkByApi(request, user.token, 'instagram');
      users.push({ user, x });
    }
    for (const [i, [label, viewport]] of SIZES.entries()) {
      await test.step(label, async () => {
        const { user, x } = users[i];
        await page.setViewportSize(viewport);
        await loginInBrowser(page, user);
        await page.goto('/home');
        const overview = region(page, 'Profile Overview');
        const tiles = overview.getByRole('group', { name: 'Networks' }).getByRole('button');
        await expect(tiles).toHaveCount(2);
        await overview.getByRole('button', { name: 'X figures' }).click();
        await expect(overview.getByRole('button', { name: 'X figures' })).toHaveAttribute('aria-pressed', 'true');
        // the figures come from a job that reads them from the network ('Reading figures…' until then): the card
        // asks again until they come
        const account = overview.getByRole('article', { name: 'avacooks' });
        await whileFiguresJobRuns(request, () => expect(account.getByText('Followers')).toBeVisible({ timeout: 150_000 }));
        // Ava has 12,480 followers on X: Micro
        await expect(account.getByText('12.5K')).toBeVisible();
        await expect(account.getByText('Micro tier')).toBeVisible();
        await expect(account.getByText(/^Updated (just now|\d+ min ago)$/)).toBeVisible();
        await expectNoSeriousA11y();
        await expectNoSidewaysScroll(page);

        // live: the open page hears that a first post went out, and shows it without a reload
        await expect(page.getByRole('heading', { name: "You haven't added a post yet" })).toBeVisible();
        await expect(region(page, 'Get set up').getByText('1 of 3 done')).toBeVisible();
        const photo = await uploadPhoto(request, page, user.token, 22);
        const live = `Live ${Date.now()}`;
        await postByApi(request, user.token, { caption: live, photo, accounts: [x] });
        await expect(region(page, 'Recent posts').getByRole('article', { name: live })).toBeVisible({ timeout: 30_000 });
        await expect(region(page, 'Today').getByRole('listitem', { name: live })).toBeVisible();
        await expect(page.getByRole('heading', { name: "You haven't added a post yet" })).toHaveCount(0);
        await expect(region(page, 'Get set up')).toHaveCount(0);
      });
    }
  });
});
