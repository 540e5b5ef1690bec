import { apiCall, createCompletedInfluencer, loginInBrowser, SESSION_KEYS, storedSession } from './support/api';
import { expect, test } from './support/fixtures';
import { shot } from './support/shots';
import { linkByApi } from './support/social';

/**
 * Delete Account from the profile hub: refused while a social account is linked (and it says why), done without
 * one: a required reason with a live count, Go Back or Proceed, then the session cleared, '/', and no more login.
 */

const SIZES = [
  { label: 'on a desktop', name: 'desktop', viewport: { width: 1280, height: 800 } },
  { label: 'at 390 px wide', name: 'phone', viewport: { width: 390, height: 844 } },
] as const;

for (const { label, name, viewport } of SIZES) {
  test(`an influencer with a linked account must unlink it first; without it the account goes, ${label}`, async ({
    page,
    request,
    expectNoSeriousA11y,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize(viewport);
    const user = await createCompletedInfluencer(request);
    const linked = await linkByApi(request, user.token, 'tiktok');
    await loginInBrowser(page, user);
    await page.goto('/profile');

    // Step 1 while an account is linked: Yes stays closed, and the dialog says why and where to unlink.
    await page.getByRole('button', { name: /^Delete Account/ }).click();
    let dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await expect(dialog.getByText('A social media account is still linked.', { exact: false })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Yes, continue' })).toBeDisabled();
    await expect(dialog.getByRole('link', { name: 'Go to Social Media Accounts' })).toHaveAttribute(
      'href',
      '/addsocialmedia?from=profile',
    );
    await shot(page, `/tmp/i24a/delete-blocked-${name}.png`);
    await expectNoSeriousA11y();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();

    // Unlinked (as the Social Media Accounts page does), Yes opens the reason step.
    const unlinked = await request.put(`/sph/deleteSocialMediaDetails/${linked}/`, { headers: { 'x-access-token': user.token } });
    expect(unlinked.ok()).toBe(true);
    await page.reload();
    await page.getByRole('button', { name: /^Delete Account/ }).click();
    dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await dialog.getByRole('button', { name: 'Yes, continue' }).click();
    dialog = page.getByRole('dialog', { name: 'Why are you leaving?' });
    await expect(dialog).toBeVisible();

    // The reason is required; Go Back returns to the confirmation.
    await dialog.getByRole('button', { name: 'Proceed' }).click();
    await expect(dialog.getByText('Please enter a reason')).toBeVisible();
    await dialog.getByRole('button', { name: 'Go Back' }).click();
    await expect(page.getByRole('dialog', { name: 'Delete your account?' })).toBeVisible();
    await page.getByRole('button', { name: 'Yes, continue' }).click();

    // Typed with extra spaces, counted as it will be sent.
    const reason = dialog.getByRole('textbox', { name: 'Reason' });
    await reason.pressSequentially('  I   post from one app now');
    await expect(reason).toHaveValue('I post from one app now');
    await expect(dialog.getByText('23/100 characters')).toBeVisible();
    await shot(page, `/tmp/i24a/delete-reason-${name}.png`);
    await expectNoSeriousA11y();

    const deleted = page.waitForResponse((r) => r.url().endsWith('/api/user/deleteUserDetails'));
    await dialog.getByRole('button', { name: 'Proceed' }).click();
    expect((await deleted).status()).toBe(200);
    await expect(page.getByText('Your account has been deleted successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    const after = await storedSession(page);
    for (const key of SESSION_KEYS) expect(after[key], key).toBeNull();

    // The account is gone: its session and its password no longer work.
    expect((await request.get('/api/user/getUserStatus', { headers: { 'x-access-token': user.token } })).status()).toBe(401);
    const login = await request.post('/api/user/userLogin', { data: { emailPhone: user.email, password: user.password } });
    expect(login.status()).toBe(401);
  });
}

test('a refusal from the server is shown in the dialog and keeps the account', async ({ page, request }) => {
  const user = await createCompletedInfluencer(request);
  await loginInBrowser(page, user);
  await page.goto('/profile');
  await expect(page.getByRole('button', { name: /^Delete Account/ })).toBeVisible();
  // linked after the page loaded: the page does not know yet, the server does
  await linkByApi(request, user.token, 'tiktok');
  await page.getByRole('button', { name: /^Delete Account/ }).click();
  await page.getByRole('button', { name: 'Yes, continue' }).click();
  const dialog = page.getByRole('dialog', { name: 'Why are you leaving?' });
  await dialog.getByRole('textbox', { name: 'Reason' }).fill('Trying it out');
  await dialog.getByRole('button', { name: 'Proceed' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Please unlink your social media accounts before deleting your account');
  await apiCall(request, 'GET', 'user/getUserStatus', { token: user.token });
});
