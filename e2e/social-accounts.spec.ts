import type { Page } from '@playwright/test';
import { apiCall, createCompletedInfluencer, loginInBrowser } from './support/api';
import { expect, expectNoSeriousA11y, test } from './support/fixtures';
import { createBusinessOwner, managerOf } from './support/team';

// Linking social accounts through each network's own consent page (the sandbox's emulator stands in for the
// network), from the profile hub, and unlinking them.

const SIZES = [
  { label: 'on a desktop', viewport: { width: 1280, height: 800 } },
  { label: 'at 390 px wide', viewport: { width: 390, height: 844 } },
];

const tiktokCard = (page: Page) => page.getByRole('region', { name: 'TikTok' });

/** Add on the TikTok card: the browser goes to TikTok's consent page (the emulator's). */
async function openConsent(page: Page) {
  await page.getByRole('button', { name: 'Add TikTok account' }).click();
  await expect(page).toHaveURL(/\/sandbox\/tiktok\/v2\/auth\/authorize\//);
  await expect(page.getByRole('heading', { name: 'Allow Virality to use your TikTok account' })).toBeVisible();
}

for (const { label, viewport } of SIZES) {
  test.describe(`social accounts ${label}`, () => {
    test.use({ viewport });

    test('an influencer links TikTok from the profile hub, sees the account, cancels a second link, and unlinks it', async ({
      page,
      request,
    }) => {
      const user = await createCompletedInfluencer(request);
      await loginInBrowser(page, user);
      await page.goto('/profile');
      await page.getByRole('link', { name: /Social Media Accounts/ }).click();
      await expect(page).toHaveURL(/\/addsocialmedia\?from=profile$/);
      await expect(page.getByRole('heading', { name: 'Social Media Accounts' })).toBeVisible();
      await expect(page.getByText('No TikTok account linked yet.')).toBeVisible();
      await expectNoSeriousA11y(page);

      // Allow as Milo Moves: back through the return page, the account is linked
      await openConsent(page);
      await page.getByText('Milo Moves').click();
      await page.getByRole('button', { name: 'Allow' }).click();
      await expect(page.getByText('Linking your account…')).toBeVisible();
      await expect(page.getByText('TikTok account added successfully')).toBeVisible();
      await expect(page).toHaveURL(/\/addsocialmedia\?from=profile$/);
      const card = tiktokCard(page);
      await expect(card.getByText('@milo.moves')).toBeVisible();
      await expect(card.getByText('Linked', { exact: true })).toBeVisible();
      await expect(card.locator('img[src*="/sandbox/tiktok/avatar/tt-milo.svg"]')).toBeVisible();

      // Cancel at the consent page: the cancel message, and nothing more is linked
      await openConsent(page);
      await page.getByRole('button', { name: 'Cancel' }).click();
      await expect(page.getByText('user cancelled adding social media')).toBeVisible();
      await expect(page).toHaveURL(/\/addsocialmedia\?from=profile$/);
      await expect(tiktokCard(page).getByText(/^@/)).toHaveCount(1);

      // Remove, with a confirm
      await tiktokCard(page).getByRole('button', { name: 'Remove @milo.moves' }).click();
      await expect(page.getByRole('dialog', { name: 'Remove @milo.moves?' })).toBeVisible();
      await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
      await expect(page.getByText('TikTok Account unlinked successfully')).toBeVisible();
      await expect(page.getByText('No TikTok account linked yet.')).toBeVisible();

      // the server agrees
      const status = await apiCall<{ result: { socialLinks: Record<string, unknown[]> } }>(request, 'GET', 'user/getUserStatus', {
        token: user.token,
      });
      expect(status.response.result.socialLinks).toEqual({});

      await page.getByRole('button', { name: 'Proceed' }).click();
      await expect(page).toHaveURL(/\/profile$/);
    });
  });
}

for (const { label, viewport } of SIZES) {
  test(`an influencer links a YouTube channel through Google's consent page, ${label}`, async ({ page, request }) => {
    await page.setViewportSize(viewport);
    const user = await createCompletedInfluencer(request);
    await loginInBrowser(page, user);
    await page.goto('/addsocialmedia');
    await page.getByRole('button', { name: 'Add YouTube account' }).click();
    await expect(page).toHaveURL(/\/sandbox\/youtube\/o\/oauth2\/v2\/auth/);
    await page.getByRole('button', { name: 'Allow' }).click();
    await expect(page.getByText('YouTube account added successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/addsocialmedia$/);
    const card = page.getByRole('region', { name: 'YouTube' });
    await expect(card.getByText('Linked', { exact: true })).toBeVisible();
    await expect(card.getByRole('button', { name: /^Remove @/ })).toBeVisible();
    // the TikTok card is untouched
    await expect(page.getByRole('region', { name: 'TikTok' }).getByText('No TikTok account linked yet.')).toBeVisible();
  });
}

const entry = (accountId: string, on: boolean) => ({
  accountId,
  access: on,
  moduleAccess: { Post: on, Analytics: false, Scheduler: false },
});

for (const { label, viewport } of SIZES) {
  test(`a business manager sees only its role's networks and cannot add accounts, ${label}`, async ({ page, request }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(viewport);
    const owner = await createBusinessOwner(request);
    const withTikTok = await managerOf(
      request,
      owner,
      ['1', '2', '3', '4', '5', '6', '7'].map((id) => entry(id, id === '5')),
    );
    await loginInBrowser(page, withTikTok);
    await page.goto('/addsocialmedia');
    await expect(page.getByRole('heading', { name: 'TikTok' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add TikTok account' })).toBeDisabled();

    // another role opens Instagram only: the TikTok card is gone, Instagram's shows, its Add disabled
    const withInstagram = await managerOf(
      request,
      owner,
      ['1', '2', '3', '4', '5', '6', '7'].map((id) => entry(id, id === '1')),
    );
    await loginInBrowser(page, withInstagram);
    await page.goto('/addsocialmedia');
    await expect(page.getByRole('heading', { name: 'Instagram' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add Instagram account' })).toBeDisabled();
    await expect(page.getByRole('heading', { name: 'TikTok' })).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Facebook' })).toHaveCount(0);

    // a role that opens no network
    const withNone = await managerOf(
      request,
      owner,
      ['1', '2', '3', '4', '5', '6', '7'].map((id) => entry(id, false)),
    );
    await loginInBrowser(page, withNone);
    await page.goto('/addsocialmedia');
    await expect(page.getByText('No social network is available to you yet.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'TikTok' })).toHaveCount(0);
  });
}
