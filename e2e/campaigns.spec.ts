import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { createCompletedBrand } from './support/admin';
import { apiCall, createCompletedInfluencer, loginInBrowser } from './support/api';
import { createCompletedImc } from './support/calendar';
import { expect, test } from './support/fixtures';
import { expectNoSidewaysScroll } from './support/layout';
import { jpegFile } from './support/posts';
import { shot } from './support/shots';
import { linkByApi } from './support/social';

// Campaigns: a brand creates a campaign on /createcampaignb, tagging an influencer found by the search; the influencer
// hears of it (the notification opens the campaign), accepts on /tagged and makes a post for it from the campaign's
// page (the composer opens with the campaign chosen), which goes to the brand for approval; the brand sees the post
// awaiting approval on the campaign's page and approves it in the review. An IMC's
// calendar shows its campaign on its first day (the month marks it, the day lists it, a click opens it). The brand then
// pays the influencer through PayPal's approval page, sees the payment sent and its details, and the influencer's
// wallet holds it (withdrawing it is the transactions journey).

const SHOTS = process.env.E2E_OUTPUT_DIR ? `${process.env.E2E_OUTPUT_DIR}/shots` : '/tmp/campaigns-shots';
mkdirSync(SHOTS, { recursive: true });

const SIZES = [
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
];

/** Today in the browser's zone, as the date pickers name a day ('10 December 2026') and as yyyy-MM-dd. */
async function browserToday(page: Page) {
  return page.evaluate(() => {
    const now = new Date();
    const pad = (n: number) => String(n).padStart(2, '0');
    return {
      iso: `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`,
      label: now.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric' }),
    };
  });
}

for (const { name, viewport } of SIZES) {
  test.describe(`campaigns ${name}`, () => {
    test.use({ viewport });

    test('a brand tags an influencer in a new campaign; the influencer accepts and posts for it; the brand pays them through PayPal', async ({
      page,
      request,
      expectNoSeriousA11y,
    }) => {
      test.setTimeout(240_000);
      const brand = await createCompletedBrand(request, `Sunny Foods ${name === 'phone' ? 'Mobile' : 'Desk'}`);
      const influencer = await createCompletedInfluencer(request);
      await linkByApi(request, influencer.token, 'instagram');
      const campaign = `Summer menu ${Date.now().toString(36)}`;

      // the brand: no campaign yet, then the form (its words before anything is sent)
      await loginInBrowser(page, brand);
      await page.goto('/campaigns');
      await expect(page.getByRole('heading', { name: 'No campaigns yet' })).toBeVisible();
      await expectNoSidewaysScroll(page);
      await shot(page, `${SHOTS}/campaigns-empty-${name}.png`, { fullPage: true });
      await page.getByRole('link', { name: 'Create Campaign' }).click();
      await expect(page).toHaveURL(/\/createcampaignb$/);
      const form = page.getByRole('form', { name: 'Create Campaign' });
      await form.getByRole('button', { name: 'Create Campaign' }).click();
      await expect(form.getByText('Please enter the campaign name')).toBeVisible();
      await expect(form.getByText('Please select a start date')).toBeVisible();
      await form.getByRole('textbox', { name: 'Campaign name' }).fill(campaign);
      await form
        .getByRole('textbox', { name: /^Brief/ })
        .fill('One post showing a dish from the summer menu, tagged #SunnyFoods.');
      await form.getByRole('textbox', { name: 'Budget (USD)' }).fill('500');
      const today = await browserToday(page);
      await form.getByRole('button', { name: /^Start date/ }).click();
      await page.getByRole('button', { name: today.label, exact: true }).first().click();
      await form.getByRole('button', { name: /^End date/ }).click();
      await page.getByRole('button', { name: today.label, exact: true }).first().click();
      await form.getByRole('textbox', { name: /^Tag influencers/ }).fill(influencer.userName!.slice(0, 8));
      await form.getByRole('button', { name: `Add Quinn Tester @${influencer.userName}` }).click();
      await expect(form.getByRole('list', { name: 'Chosen influencers' })).toContainText(`@${influencer.userName}`);
      await expectNoSidewaysScroll(page);
      await expectNoSeriousA11y();
      await shot(page, `${SHOTS}/create-campaign-${name}.png`, { fullPage: true });
      await form.getByRole('button', { name: 'Create Campaign' }).click();
      await expect(page.getByText('Campaign created successfully')).toBeVisible();
      await expect(page).toHaveURL(/\/campaign\/[\w-]+$/);
      const campaignPath = new URL(page.url()).pathname;
      await expect(page.getByRole('heading', { name: campaign, level: 1 })).toBeVisible();
      const tagged = page.getByTestId('influencer').filter({ hasText: 'Quinn Tester' });
      await expect(tagged).toContainText('Invited');
      await expect(page.getByText('Running')).toBeVisible();
      await expectNoSidewaysScroll(page);
      await shot(page, `${SHOTS}/campaign-owner-new-${name}.png`, { fullPage: true });

      // the influencer: told (the notification opens the campaign), accepts on /tagged
      await loginInBrowser(page, influencer);
      await page.goto('/notifications');
      await page.getByRole('button', { name: new RegExp(`^Unread: .*${campaign}`) }).click();
      await expect(page).toHaveURL(new RegExp(`${campaignPath}$`));
      await expect(page.getByRole('heading', { name: campaign, level: 1 })).toBeVisible();
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Tagged' }).click();
      await expect(page).toHaveURL(/\/tagged$/);
      const card = page.getByTestId('campaign-card').filter({ hasText: campaign });
      await expect(card).toContainText('Invited');
      await expectNoSidewaysScroll(page);
      await expectNoSeriousA11y();
      await shot(page, `${SHOTS}/tagged-${name}.png`, { fullPage: true });
      await card.getByRole('button', { name: `Accept ${campaign}` }).click();
      await expect(page.getByText('Campaign accepted')).toBeVisible();
      await expect(card).toContainText('Accepted');

      // and posts for it: the composer opens with the campaign chosen
      await card.getByRole('link', { name: campaign }).click();
      await expect(page).toHaveURL(new RegExp(`${campaignPath}$`));
      await page.getByRole('button', { name: 'Create a post for this campaign' }).click();
      const dialog = page.getByRole('dialog', { name: 'Create post' });
      await expect(dialog.getByLabel('Campaign', { exact: true })).toHaveValue(campaign);
      await dialog.getByRole('button', { name: 'Instagram', exact: true }).click();
      await dialog.getByLabel('Upload media').setInputFiles(await jpegFile(page, 21));
      const caption = `Our pick from the ${campaign} #SunnyFoods`;
      await dialog.getByRole('textbox', { name: /Caption/ }).fill(caption);
      await shot(page, `${SHOTS}/composer-campaign-${name}.png`);
      const sent = page.waitForResponse((r) => r.url().includes('/sph/social-media-manager/single-post/'));
      await dialog.getByRole('button', { name: 'Post Now' }).click();
      const answer = await sent;
      expect(answer.status(), await answer.text()).toBe(200);
      expect(answer.request().postDataJSON()).toMatchObject({ CampaignSourceID: campaignPath.split('/').pop() });
      // a new campaign asks for the brand's approval: the post goes to the brand first, not out
      const brandName = `Sunny Foods ${name === 'phone' ? 'Mobile' : 'Desk'}`;
      await expect(page.getByText(`Sent to ${brandName} for approval`).first()).toBeVisible();
      await expect(page.getByText('Your post has been sent!')).toHaveCount(0);
      await expect(page.getByTestId('campaign-post')).toContainText('Awaiting approval');

      // the brand sees the accepted influencer and the post made for the campaign, awaiting its approval
      await loginInBrowser(page, brand);
      await page.goto(campaignPath);
      await expect(page.getByTestId('influencer').filter({ hasText: 'Quinn Tester' })).toContainText('Accepted');
      await expect(
        page.getByTestId('influencer').filter({ hasText: 'Quinn Tester' }).getByRole('button', { name: 'Pay Quinn Tester' }),
      ).toBeVisible();
      const post = page.getByTestId('campaign-post');
      await expect(post).toContainText(caption.slice(0, 30));
      await expect(post.getByLabel('Instagram')).toBeVisible();
      await expect(post).toContainText('Awaiting approval');
      await expectNoSidewaysScroll(page);
      await expectNoSeriousA11y();
      await shot(page, `${SHOTS}/campaign-owner-post-${name}.png`, { fullPage: true });

      // the brand reviews it (as Instagram will show it) and approves it: it goes out as the influencer meant
      await post.getByRole('button', { name: /^Review the post by Quinn Tester/ }).click();
      const review = page.getByRole('dialog', { name: 'Review the post by Quinn Tester' });
      await expect(review.getByRole('region', { name: 'Instagram preview' })).toContainText('#SunnyFoods');
      await review.getByRole('button', { name: 'Approve' }).click();
      await expect(page.getByText('Post approved: it is being sent now').first()).toBeVisible();
      await expect(review).toBeHidden();
      await expect(post).not.toContainText('Awaiting approval');

      // the brand pays the influencer 40 USD: the pay dialog, PayPal's approval page, back to the app which captures it
      await page.getByRole('button', { name: 'Pay Quinn Tester' }).click();
      const pay = page.getByRole('dialog', { name: 'Pay Quinn Tester' });
      await pay.getByRole('textbox', { name: /Amount/ }).fill('600');
      await expect(pay.getByText('This payment is more than what is left of the campaign budget')).toBeVisible();
      await expect(pay.getByRole('button', { name: 'Continue to PayPal' })).toBeDisabled();
      await pay.getByRole('textbox', { name: /Amount/ }).fill('40');
      await expectNoSeriousA11y();
      await shot(page, `${SHOTS}/pay-dialog-${name}.png`);
      await pay.getByRole('button', { name: 'Continue to PayPal' }).click();
      await expect(page).toHaveURL(/\/sandbox\/paypal\/checkoutnow\?token=/);
      await expect(page.getByText('$40.00').first()).toBeVisible();
      await expectNoSidewaysScroll(page);
      await shot(page, `${SHOTS}/paypal-approval-${name}.png`, { fullPage: true });
      await page.getByLabel('PayPal e-mail').fill('sunny.payer@example.com');
      const capture = page.waitForResponse((r) => r.url().includes('/api/payments/paycapture'));
      await page.getByRole('button', { name: /^Pay / }).click();
      await expect(page).toHaveURL(/\/payment\/return\?via=paypal/);
      expect((await capture).status()).toBe(200);
      await expect(page.getByRole('heading', { name: 'Payment successful' })).toBeVisible();
      await expect(page.getByTestId('paid-amount')).toHaveText('$40.00');

      // its transactions: sent to the influencer; the details say so
      await page.getByRole('link', { name: 'View transactions' }).click();
      const row = page.getByTestId('transaction').first();
      await expect(row).toContainText('Sent to');
      await expect(row).toContainText('Quinn Tester');
      await expect(row).toContainText('Completed');
      await row.getByTestId('transaction-link').click();
      await expect(page.getByRole('heading', { name: 'Transaction Successful' })).toBeVisible();
      await expect(page.getByTestId('detail-amount')).toHaveText('$40.00');
      await expectNoSidewaysScroll(page);
      await expectNoSeriousA11y();
      await shot(page, `${SHOTS}/brand-transaction-detail-${name}.png`, { fullPage: true });

      // the campaign counts what was spent; the list shows the answer
      await page.goto(campaignPath);
      await expect(page.getByTestId('influencer').filter({ hasText: 'Quinn Tester' })).toContainText('$40.00');
      await shot(page, `${SHOTS}/campaign-owner-paid-${name}.png`, { fullPage: true });
      await page.goto('/campaigns');
      await expect(page.getByTestId('campaign-card').filter({ hasText: campaign })).toContainText('1/1 influencers accepted');
      await expectNoSidewaysScroll(page);
      await shot(page, `${SHOTS}/campaigns-list-${name}.png`, { fullPage: true });

      // the influencer's wallet holds the payment, received from the brand
      await loginInBrowser(page, influencer);
      await page.goto('/transactions');
      await expect(page.getByTestId('wallet-amount')).toHaveText('$40.00');
      const received = page.getByTestId('transaction').first();
      await expect(received).toContainText('Received from');
      await expect(received).toContainText('Sunny Foods');
    });

    test('an IMC’s calendar shows its campaign on its first day, opens it, and offers Create Campaign', async ({
      page,
      request,
      expectNoSeriousA11y,
    }) => {
      test.setTimeout(120_000);
      const imc = await createCompletedImc(request);
      const campaign = `Launch week ${Date.now().toString(36)}`;
      await loginInBrowser(page, imc);
      const today = await browserToday(page);
      const created = await apiCall<{ _id: string }>(request, 'POST', 'campaigns/create', {
        token: imc.token,
        data: {
          name: campaign,
          brief: 'Three posts in the first week',
          budget: 1200,
          startDate: today.iso,
          endDate: today.iso,
          timeZone: await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone),
        },
      });
      await page.goto(`/calender?view=month&date=${today.iso}`);
      // those who run campaigns start one from the calendar
      await expect(page.getByRole('link', { name: 'Create Campaign' })).toHaveAttribute('href', '/createcampaignb');
      if (viewport.width >= 768) {
        await expect(page.getByRole('link', { name: `Campaign ${campaign} starts` })).toBeVisible();
      } else {
        await expect(page.getByRole('button', { name: /1 campaign starts/ })).toBeVisible();
      }
      await expectNoSidewaysScroll(page);
      await shot(page, `${SHOTS}/calendar-month-imc-${name}.png`, { fullPage: true });
      await page.goto(`/calender?view=day&date=${today.iso}`);
      const item = page.getByRole('region', { name: /^Campaigns starting on/ }).getByRole('link', { name: new RegExp(campaign) });
      await expect(item).toBeVisible();
      await expectNoSidewaysScroll(page);
      await expectNoSeriousA11y();
      await shot(page, `${SHOTS}/calendar-day-imc-${name}.png`, { fullPage: true });
      await item.click();
      await expect(page).toHaveURL(new RegExp(`/campaign/${created.response._id}$`));
      await expect(page.getByRole('heading', { name: campaign, level: 1 })).toBeVisible();
      await expect(page.getByText('No influencers tagged yet', { exact: false })).toBeVisible();
    });
  });
}
