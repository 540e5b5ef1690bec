import { mkdirSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { apiCall, createCompletedInfluencer, loginInBrowser } from './support/api';
import { createCompletedImc } from './support/calendar';
import { appDay, chooseIn as choose, dayIn } from './support/campaigns';
import { expect, installClock, test } from './support/fixtures';
import { expectNoSidewaysScroll } from './support/layout';
import { shot } from './support/shots';

// Campaign terms: an IMC tags an influencer in its campaign offering two deliverables (Instagram reels, a TikTok post)
// and a fee; the influencer, whose list cannot show terms, is sent from Accept on /tagged to the campaign's page, reads
// the terms there and accepts them. The IMC edits the terms (a higher fee): the influencer is asked again, invited once
// more, reads the new terms and accepts again. Days come from the sandbox's product clock, which other journeys move.

const SHOTS = process.env.E2E_OUTPUT_DIR ? `${process.env.E2E_OUTPUT_DIR}/shots` : '/tmp/campaign-terms-shots';
mkdirSync(SHOTS, { recursive: true });

const SIZES = [
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
];

const DAY_MS = 86_400_000;

/** A day as the date picker names its buttons ('20 March 2027'). */
const pickerName = (day: string) =>
  new Date(`${day}T12:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

async function pickDay(page: Page, scope: Locator, day: string) {
  await scope.getByRole('button', { name: /^Due date/ }).click();
  await page
    .getByRole('button', { name: pickerName(day), exact: true })
    .first()
    .click();
}

for (const { name, viewport } of SIZES) {
  test.describe(`campaign terms ${name}`, () => {
    test.use({ viewport });

    test('an IMC offers terms with a tag; the influencer reads and accepts them; edited terms ask again and are accepted again', async ({
      page,
      request,
      expectNoSeriousA11y,
    }) => {
      test.setTimeout(240_000);
      // the browser's clock is the product's: the campaign's days and "today" are read from it
      const now = Date.parse((await (await request.get('/sandbox/clock')).json()).response.now as string);
      await installClock(page, new Date(now));
      const imc = await createCompletedImc(request);
      const influencer = await createCompletedInfluencer(request);
      const campaign = `Spring drop ${Date.now().toString(36)}`;
      await loginInBrowser(page, imc);
      const zone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
      const start = dayIn(now, zone);
      const end = dayIn(now + 20 * DAY_MS, zone);
      // a day in the last day's month (the picker opens there), before it unless the campaign ends on the 1st
      const reelsDue = end.endsWith('-01') ? end : dayIn(now + 19 * DAY_MS, zone);
      const created = await apiCall<{ _id: string }>(request, 'POST', 'campaigns/create', {
        token: imc.token,
        data: {
          name: campaign,
          brief: 'Show the spring drop in motion.',
          budget: 1000,
          startDate: start,
          endDate: end,
          timeZone: zone,
        },
      });
      const campaignPath = `/campaign/${created.response._id}`;

      // the IMC tags the influencer, offering two deliverables and a fee
      await page.goto(campaignPath);
      await expect(page.getByRole('heading', { name: campaign, level: 1 })).toBeVisible();
      await page.getByRole('button', { name: 'Tag influencers' }).click();
      const tag = page.getByRole('dialog', { name: 'Tag influencers' });
      await tag.getByRole('textbox', { name: /^Find influencers/ }).fill(influencer.userName!.slice(0, 8));
      await tag.getByRole('button', { name: `Add Quinn Tester @${influencer.userName}` }).click();
      const offer = tag.getByRole('button', { name: /Offer terms/ });
      await expect(offer).toHaveAttribute('aria-expanded', 'false');
      await offer.click();
      const first = tag.getByRole('group', { name: 'Deliverable 1' });
      await choose(first, 'Network', 'Instagram');
      await choose(first, 'Post type', 'Reel');
      await first.getByRole('textbox', { name: /^Count/ }).fill('2');
      await pickDay(page, first, reelsDue);
      await tag.getByRole('button', { name: 'Add deliverable' }).click();
      const second = tag.getByRole('group', { name: 'Deliverable 2' });
      await choose(second, 'Network', 'TikTok');
      // TikTok takes only posts: the type is chosen with it
      await expect(second.getByLabel('Post type')).toHaveValue(name === 'phone' ? 'post' : 'Post');
      // the fee above the budget is refused in the domain's words before anything is sent
      await tag.getByRole('textbox', { name: /^Fee/ }).fill('1200');
      await tag.getByRole('button', { name: 'Tag influencer' }).click();
      await expect(tag.getByText('The fee cannot be more than the campaign’s budget')).toBeVisible();
      await tag.getByRole('textbox', { name: /^Fee/ }).fill('400');
      await expect(tag.getByText('The fee cannot be more than the campaign’s budget')).toBeHidden();
      await expectNoSidewaysScroll(page);
      await expectNoSeriousA11y();
      await shot(page, `${SHOTS}/terms-tag-dialog-${name}.png`);
      await tag.getByRole('button', { name: 'Tag influencer' }).click();
      await expect(page.getByText('Influencer tagged successfully')).toBeVisible();
      const row = page.getByTestId('influencer').filter({ hasText: 'Quinn Tester' });
      await expect(row).toContainText(`2 Instagram reels by ${appDay(reelsDue)}`);
      await expect(row).toContainText(`1 TikTok post by ${appDay(end)}`);
      await expect(row).toContainText('$400.00');
      await expect(row).toContainText('Waiting for answer');
      await expectNoSidewaysScroll(page);
      await shot(page, `${SHOTS}/terms-owner-waiting-${name}.png`, { fullPage: true });

      // the influencer: Accept on the list does not agree to terms not read; the campaign's page shows them
      await loginInBrowser(page, influencer);
      await page.goto('/tagged');
      const card = page.getByTestId('campaign-card').filter({ hasText: campaign });
      await card.getByRole('button', { name: `Accept ${campaign}` }).click();
      await expect(page.getByText('This campaign comes with terms: read them on its page before you accept')).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`${campaignPath}$`));
      const yours = page.getByRole('region', { name: 'Your terms' });
      await expect(yours).toContainText(`2 Instagram reels by ${appDay(reelsDue)}`);
      await expect(yours).toContainText(`1 TikTok post by ${appDay(end)}`);
      await expect(yours.getByTestId('terms-fee')).toHaveText('$400.00');
      await expectNoSidewaysScroll(page);
      await expectNoSeriousA11y();
      await shot(page, `${SHOTS}/terms-influencer-invited-${name}.png`, { fullPage: true });
      await yours.getByRole('button', { name: `Accept ${campaign}` }).click();
      await expect(page.getByText('Campaign accepted')).toBeVisible();
      await expect(yours).toContainText(`You agreed to these terms on ${appDay(start)}`);
      await expect(yours).toContainText('Agreed');
      await shot(page, `${SHOTS}/terms-influencer-agreed-${name}.png`, { fullPage: true });

      // the IMC sees them agreed, and raises the fee: the influencer is asked again
      await loginInBrowser(page, imc);
      await page.goto(campaignPath);
      await expect(row).toContainText('Agreed');
      await expect(row).toContainText('Accepted');
      await row.getByRole('button', { name: 'Edit terms for Quinn Tester' }).click();
      const edit = page.getByRole('dialog', { name: 'Terms for Quinn Tester' });
      await expect(edit).toContainText('Quinn Tester has accepted: saving new terms asks them to answer again.');
      await edit
        .getByRole('group', { name: 'Deliverable 2' })
        .getByRole('textbox', { name: /^Count/ })
        .fill('3');
      await edit.getByRole('textbox', { name: /^Fee/ }).fill('450');
      await expectNoSidewaysScroll(page);
      await expectNoSeriousA11y();
      await shot(page, `${SHOTS}/terms-edit-dialog-${name}.png`);
      await edit.getByRole('button', { name: 'Save terms' }).click();
      await expect(page.getByText('Terms saved: Quinn Tester is asked to agree to them again')).toBeVisible();
      await expect(edit).toBeHidden();
      await expect(row).toContainText('Invited');
      await expect(row).toContainText('Waiting for answer');
      await expect(row).toContainText(`3 TikTok posts by ${appDay(end)}`);
      await expect(row).toContainText('$450.00');
      await shot(page, `${SHOTS}/terms-owner-asked-again-${name}.png`, { fullPage: true });

      // the influencer is invited again, reads the new terms and accepts them
      await loginInBrowser(page, influencer);
      await page.goto(campaignPath);
      await expect(page.getByText('You are tagged in this campaign.')).toBeVisible();
      await expect(page.getByText('Invited').first()).toBeVisible();
      await expect(yours).toContainText(`3 TikTok posts by ${appDay(end)}`);
      await expect(yours.getByTestId('terms-fee')).toHaveText('$450.00');
      await yours.getByRole('button', { name: `Accept ${campaign}` }).click();
      await expect(page.getByText('Campaign accepted')).toBeVisible();
      await expect(yours).toContainText('You agreed to these terms on');
      await expectNoSidewaysScroll(page);
      await shot(page, `${SHOTS}/terms-influencer-agreed-again-${name}.png`, { fullPage: true });
    });
  });
}
