import { mkdirSync } from 'node:fs';
import { apiCall, createCompletedInfluencer, loginInBrowser, serverNow } from './support/api';
import { createCompletedImc } from './support/calendar';
import { expect, test } from './support/fixtures';
import { shot } from './support/shots';

// What protects influencers from a campaign owner, and what the owner's leaving does: an influencer mutes the owner
// from the campaign's page (and unmutes them); an IMC closing its account is told that its campaigns end; once it has
// closed, the influencer's campaign page says the campaign has ended and offers no post for it.

const SHOTS = process.env.E2E_OUTPUT_DIR ? `${process.env.E2E_OUTPUT_DIR}/shots` : '/tmp/campaign-owners-shots';
mkdirSync(SHOTS, { recursive: true });

const SIZES = [
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
];

for (const { name, viewport } of SIZES) {
  test.describe(`campaign owners ${name}`, () => {
    test.use({ viewport });

    test('an influencer mutes and unmutes a campaign’s owner; the owner closing its account ends the campaign for them', async ({
      browser,
      page,
      request,
      expectNoSeriousA11y,
    }) => {
      test.setTimeout(150_000);
      const imc = await createCompletedImc(request);
      const influencer = await createCompletedInfluencer(request);
      const campaign = `Owner rules ${Date.now().toString(36)}`;
      // the product's today: a campaign's dates are checked against its clock
      const today = (await serverNow(request)).toISOString().slice(0, 10);
      const created = await apiCall<{ _id: string }>(request, 'POST', 'campaigns/create', {
        token: imc.token,
        data: {
          name: campaign,
          brief: 'Two posts',
          budget: 300,
          startDate: today,
          endDate: `${Number(today.slice(0, 4)) + 1}${today.slice(4)}`,
          influencerIds: [influencer.userId],
          timeZone: 'UTC',
        },
      });
      await apiCall(request, 'POST', `campaigns/${created.response._id}/respond`, {
        token: influencer.token,
        data: { accept: true },
      });

      await loginInBrowser(page, influencer);
      await page.goto(`/campaign/${created.response._id}`);
      await expect(page.getByRole('heading', { name: campaign, level: 1 })).toBeVisible();
      await page.getByRole('button', { name: 'Mute Reach Agency' }).click();
      await expect(page.getByText('You will not be notified of campaigns from Reach Agency').first()).toBeVisible();
      await expect(page.getByRole('button', { name: 'Unmute Reach Agency' })).toBeVisible();
      await expectNoSeriousA11y();
      await shot(page, `${SHOTS}/muted-${name}.png`, { fullPage: true });
      await page.getByRole('button', { name: 'Unmute Reach Agency' }).click();
      await expect(page.getByRole('button', { name: 'Mute Reach Agency' })).toBeVisible();

      // the IMC's close dialog says what happens to its campaigns
      const owner = await browser.newPage({ viewport });
      await loginInBrowser(owner, imc);
      await owner.goto('/profile');
      await owner.getByRole('button', { name: /^Delete Account/ }).click();
      const dialog = owner.getByRole('dialog', { name: 'Delete your account?' });
      await expect(
        dialog.getByText('Your campaigns that are running or yet to start end at once', { exact: false }),
      ).toBeVisible();
      await shot(owner, `${SHOTS}/close-dialog-imc-${name}.png`);
      await dialog.getByRole('button', { name: 'Yes, continue' }).click();
      const reason = owner.getByRole('dialog', { name: 'Why are you leaving?' });
      await reason.getByRole('textbox', { name: 'Reason' }).fill('Closing the agency');
      await reason.getByRole('button', { name: 'Proceed' }).click();
      await expect(owner).toHaveURL(/\/$/);
      await owner.close();

      // the influencer's campaign has ended, with the reason, and takes no posts
      await page.reload();
      await expect(page.getByText('This campaign ended when its owner closed their account.')).toBeVisible();
      await expect(page.getByText('Status: Ended')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Create a post for this campaign' })).toHaveCount(0);
      await expect(page.getByRole('button', { name: /Mute/ })).toHaveCount(0);
      await shot(page, `${SHOTS}/ended-${name}.png`, { fullPage: true });
    });

    test('an influencer finds the owners they muted in the notification settings and unmutes one there', async ({
      page,
      request,
      expectNoSeriousA11y,
    }) => {
      const imc = await createCompletedImc(request);
      const influencer = await createCompletedInfluencer(request);
      await apiCall(request, 'PUT', `campaigns/mutes/${imc.userId}`, { token: influencer.token });

      await loginInBrowser(page, influencer);
      await page.goto('/profile/notification');
      const muted = page.getByRole('region', { name: 'Muted campaign owners' });
      await expect(muted.getByRole('listitem')).toHaveCount(1);
      await expect(muted.getByRole('listitem').first()).toContainText('Reach Agency');
      await expectNoSeriousA11y();
      await shot(page, `${SHOTS}/muted-list-${name}.png`, { fullPage: true });
      await muted.getByRole('button', { name: 'Unmute Reach Agency' }).click();
      await expect(page.getByText('You will be notified of campaigns from Reach Agency').first()).toBeVisible();
      await expect(muted.getByText('You have muted no campaign owner.')).toBeVisible();
      const left = await apiCall<unknown[]>(request, 'GET', 'campaigns/mutes', { token: influencer.token });
      expect(left.response).toEqual([]);
    });

    test('an influencer marketing company’s notification settings show no muted owners', async ({ page, request }) => {
      const imc = await createCompletedImc(request);
      await loginInBrowser(page, imc);
      await page.goto('/profile/notification');
      await expect(page.getByRole('switch').first()).toBeVisible();
      await expect(page.getByRole('region', { name: 'Muted campaign owners' })).toHaveCount(0);
    });
  });
}
