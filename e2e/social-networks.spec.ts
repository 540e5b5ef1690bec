import type { Page } from '@playwright/test';
import { createCompletedInfluencer, loginInBrowser } from './support/api';
import { expect, test } from './support/fixtures';
import { createBusinessOwner } from './support/team';

// Linking each of Facebook, Instagram, LinkedIn, X and Threads through its own consent page (the sandbox's
// emulator stands in for the network): the account card with its name and picture, the page chooser where
// the network has pages, a cancel, and an unlink.

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

/** The name of the person the consent page will continue as (its first demo profile, chosen by default). */
async function consentingAs(page: Page, network: string): Promise<string> {
  await expect(page.getByRole('heading', { name: `Allow Virality to use your ${network} account` })).toBeVisible();
  return (await page.locator('label.person strong').first().textContent()) ?? '';
}

const card = (page: Page, label: string) => page.getByRole('region', { name: label, exact: true });

/** The page chooser after consent: picks the first page, saves it, and answers its name. */
async function chooseFirstPage(page: Page, label: string, saved: string): Promise<string> {
  const dialog = page.getByRole('dialog', { name: `Choose your ${label} pages` });
  await expect(dialog).toBeVisible();
  const select = dialog.getByRole('button', { name: /: Select$/ }).first();
  const name = ((await select.getAttribute('aria-label')) ?? '').replace(/: Select$/, '');
  await select.click();
  await expect(dialog.getByRole('button', { name: `${name}: Selected` })).toBeVisible();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(saved)).toBeVisible();
  await expect(dialog).toBeHidden();
  return name;
}

async function removeFrom(page: Page, label: string, shownName: string) {
  await card(page, label)
    .getByRole('button', { name: `Remove ${shownName}` })
    .click();
  await expect(page.getByRole('dialog', { name: `Remove ${shownName}?` })).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText(`${label} Account unlinked successfully`)).toBeVisible();
  await expect(card(page, label).getByText(`No ${label} account linked yet.`)).toBeVisible();
}

const CHOOSERS = [
  { key: 'facebook', label: 'Facebook', consent: 'Facebook', saved: 'Facebook page added successfully', kind: 'Page' },
  { key: 'instagram', label: 'Instagram', consent: 'Facebook', saved: 'Instagram page added successfully', kind: null },
  { key: 'linkedin', label: 'LinkedIn', consent: 'LinkedIn', saved: 'LinkedIn page added successfully', kind: null },
] as const;

for (const n of CHOOSERS) {
  for (const [size, viewport] of [
    ['on a desktop', DESKTOP],
    ['at 390 px wide', PHONE],
  ] as const) {
    test(`a business links one of its ${n.label} pages through the page chooser, cancels a second link, and unlinks it, ${size}`, async ({
      page,
      request,
    }) => {
      test.setTimeout(90_000);
      await page.setViewportSize(viewport);
      const owner = await createBusinessOwner(request);
      await loginInBrowser(page, owner);
      await page.goto('/addsocialmedia');
      await expect(card(page, n.label).getByText(`No ${n.label} account linked yet.`)).toBeVisible();

      await card(page, n.label)
        .getByRole('button', { name: `Add ${n.label} account` })
        .click();
      await expect(page).toHaveURL(new RegExp(`/sandbox/${n.key}/`));
      await consentingAs(page, n.consent);
      await page.getByRole('button', { name: 'Allow' }).click();
      await expect(page).toHaveURL(/\/addsocialmedia$/);
      const name = await chooseFirstPage(page, n.label, n.saved);

      const linked = card(page, n.label);
      await expect(linked.getByText('Linked', { exact: true })).toBeVisible();
      const shown = n.key === 'instagram' ? `@${name}` : name;
      await expect(linked.getByText(shown, { exact: true })).toBeVisible();
      await expect(linked.locator(`img[src*="/sandbox/${n.key}/"]`).first()).toBeVisible();
      if (n.kind) await expect(linked.getByText(n.kind, { exact: true })).toBeVisible();

      // a second consent shows the linked page as Added, disabled
      await linked.getByRole('button', { name: `Add ${n.label} account` }).click();
      await page.getByRole('button', { name: 'Allow' }).click();
      const dialog = page.getByRole('dialog', { name: `Choose your ${n.label} pages` });
      await expect(dialog.getByRole('button', { name: `${name}: Added` })).toBeDisabled();
      await dialog.getByRole('button', { name: 'Cancel' }).click();

      // Cancel at the consent page
      await linked.getByRole('button', { name: `Add ${n.label} account` }).click();
      await page.getByRole('button', { name: 'Cancel' }).click();
      await expect(page.getByText('user cancelled adding social media')).toBeVisible();
      await expect(page).toHaveURL(/\/addsocialmedia$/);

      await removeFrom(page, n.label, shown);
    });
  }
}

const DIRECT = [
  { key: 'twitter', label: 'X', consent: 'X', path: /\/sandbox\/twitter\/oauth\/authorize/ },
  { key: 'threads', label: 'Threads', consent: 'Threads', path: /\/sandbox\/threads\/oauth\/authorize/ },
] as const;

for (const n of DIRECT) {
  for (const [size, viewport] of [
    ['on a desktop', DESKTOP],
    ['at 390 px wide', PHONE],
  ] as const) {
    test(`an influencer links ${n.label}, cancels a second link, and unlinks it, ${size}`, async ({ page, request }) => {
      test.setTimeout(90_000);
      await page.setViewportSize(viewport);
      const user = await createCompletedInfluencer(request);
      await loginInBrowser(page, user);
      await page.goto('/addsocialmedia');
      await card(page, n.label)
        .getByRole('button', { name: `Add ${n.label} account` })
        .click();
      await expect(page).toHaveURL(n.path);
      await consentingAs(page, n.consent);
      const handle = await page.locator('label.person small').first().textContent();
      await page.getByRole('button', { name: 'Allow' }).click();
      await expect(page.getByText(`${n.label} account added successfully`)).toBeVisible();
      await expect(page).toHaveURL(/\/addsocialmedia$/);
      const linked = card(page, n.label);
      await expect(linked.getByText(handle ?? '', { exact: true })).toBeVisible();
      await expect(linked.getByText('Linked', { exact: true })).toBeVisible();
      await expect(linked.locator(`img[src*="/sandbox/${n.key}/"]`)).toBeVisible();

      await linked.getByRole('button', { name: `Add ${n.label} account` }).click();
      await page.getByRole('button', { name: 'Cancel' }).click();
      await expect(page.getByText('user cancelled adding social media')).toBeVisible();
      await expect(page).toHaveURL(/\/addsocialmedia$/);
      await expect(card(page, n.label).getByRole('button', { name: /^Remove / })).toHaveCount(1);

      await removeFrom(page, n.label, handle ?? '');
    });
  }
}

for (const [size, viewport] of [
  ['on a desktop', DESKTOP],
  ['at 390 px wide', PHONE],
] as const) {
  test(`a linking flow the mobile app started ends on /message without a web session, ${size}`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await page.goto('/social/return?from=call&code=c1&state=s1');
    await expect(page).toHaveURL(/\/message\?from=call&code=c1&state=s1$/);
    await expect(page.getByRole('heading', { name: 'Almost done' })).toBeVisible();
    await expect(page.getByText('Go back to the Virality app: it finishes adding your account.')).toBeVisible();

    await page.goto('/social/return?from=call&error=access_denied');
    await expect(page.getByRole('heading', { name: 'Not connected' })).toBeVisible();
    await expect(page.getByText(/User cancelled adding social media/)).toBeVisible();
  });
}
