import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { createCompletedBrand } from './support/admin';
import { apiCall, createCompletedInfluencer, loginInBrowser } from './support/api';
import { dayIn } from './support/campaigns';
import { expect, installClock, test } from './support/fixtures';
import { expectNoSidewaysScroll } from './support/layout';
import { jpegFile } from './support/posts';
import { shot } from './support/shots';
import { linkByApi, onX, postDetails } from './support/social';

// The brand approves the content: a brand's campaign asks for approval (as new campaigns do). The tagged influencer
// accepts it and posts for it on X; the post is told to have gone to the brand for approval, not sent. The brand
// reviews it (its X preview, its history), asks for changes with a remark; the influencer reads the remark, edits the
// post in the composer and sends it again; the brand approves it, and it is published on X. Days come from the
// sandbox's product clock, which other journeys move.

const SHOTS = process.env.E2E_OUTPUT_DIR ? `${process.env.E2E_OUTPUT_DIR}/shots` : '/tmp/campaign-approval-shots';
mkdirSync(SHOTS, { recursive: true });

const SIZES = [
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
];

const REMARK = 'Please tag @acme and say the menu is new';

/** The campaign's post row with `text`. */
const postRow = (page: Page, text: string) => page.getByTestId('campaign-post').filter({ hasText: text });

for (const { name, viewport } of SIZES) {
  test.describe(`campaign approval ${name}`, () => {
    test.use({ viewport });

    test('a brand asks for changes to an influencer’s post, the influencer edits and sends it again, the brand approves it and it is published', async ({
      page,
      request,
      expectNoSeriousA11y,
    }) => {
      test.setTimeout(300_000);
      // the browser's clock is the product's: the campaign's days and "today" are read from it
      const now = Date.parse((await (await request.get('/sandbox/clock')).json()).response.now as string);
      await installClock(page, new Date(now));
      const brandName = `Acme Approvals ${name === 'phone' ? 'Mobile' : 'Desk'}`;
      const brand = await createCompletedBrand(request, brandName);
      const influencer = await createCompletedInfluencer(request);
      await linkByApi(request, influencer.token, 'twitter');
      const campaign = `Fresh menu ${Date.now().toString(36)}`;
      await loginInBrowser(page, influencer);
      const zone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
      const created = await apiCall<{ _id: string; approvalRequired: boolean }>(request, 'POST', 'campaigns/create', {
        token: brand.token,
        data: {
          name: campaign,
          brief: 'One post about the fresh menu, tagging us.',
          budget: 500,
          startDate: dayIn(now, zone),
          endDate: dayIn(now + 7 * 86_400_000, zone),
          timeZone: zone,
          influencerIds: [influencer.userId],
        },
      });
      expect(created.response.approvalRequired).toBe(true);
      const campaignPath = `/campaign/${created.response._id}`;

      // the influencer accepts and posts for it: told it went to the brand for approval, not sent
      await page.goto(campaignPath);
      await expect(page.getByRole('heading', { name: campaign, level: 1 })).toBeVisible();
      await page
        .getByRole('button', { name: `Accept ${campaign}` })
        .first()
        .click();
      await expect(page.getByText('Campaign accepted')).toBeVisible();
      await page.getByRole('button', { name: 'Create a post for this campaign' }).click();
      const composer = page.getByRole('dialog', { name: 'Create post' });
      await expect(composer.getByLabel('Campaign', { exact: true })).toHaveValue(campaign);
      await composer.getByRole('button', { name: 'X', exact: true }).click();
      await composer.getByLabel('Upload media').setInputFiles(await jpegFile(page, 31));
      const caption = `Our fresh pick ${Date.now().toString(36)}`;
      await composer.getByRole('textbox', { name: /Caption/ }).fill(caption);
      const sent = page.waitForResponse((r) => r.url().includes('/sph/social-media-manager/single-post/'));
      await composer.getByRole('button', { name: 'Post Now' }).click();
      const answer = await sent;
      expect(answer.status(), await answer.text()).toBe(200);
      const postId = (await answer.json()).response_data.CommonPostID as string;
      await expect(page.getByText(`Sent to ${brandName} for approval`).first()).toBeVisible();
      await expect(page.getByText('Your post has been sent!')).toHaveCount(0);
      await expect(composer).toBeHidden();
      const mine = postRow(page, caption);
      await expect(mine).toContainText('Awaiting approval');
      await expect(mine).toContainText(`Waiting for ${brandName}’s approval`);
      await expectNoSidewaysScroll(page);
      await shot(page, `${SHOTS}/approval-influencer-awaiting-${name}.png`, { fullPage: true });
      expect(await onX(request, caption)).toBe(0);

      // the brand: the post stands out awaiting approval; the review shows it as X will, and its history
      await loginInBrowser(page, brand);
      await page.goto(campaignPath);
      const theirs = postRow(page, caption);
      await expect(theirs).toContainText('Awaiting approval');
      await expect(page.getByTestId('awaiting-count')).toHaveText('1 awaiting approval');
      await expect(page.getByRole('switch', { name: /^Approve posts before they go out/ })).toBeChecked();
      await expectNoSidewaysScroll(page);
      await expectNoSeriousA11y();
      await shot(page, `${SHOTS}/approval-brand-awaiting-${name}.png`, { fullPage: true });
      await theirs.getByRole('button', { name: /^Review the post by Quinn Tester/ }).click();
      const review = page.getByRole('dialog', { name: 'Review the post by Quinn Tester' });
      const preview = review.getByRole('region', { name: 'X preview' });
      await expect(preview).toContainText(caption);
      await expect(preview.locator('img').first()).toBeVisible();
      // the composer's preflight "Ready" (green) would read as approved: the review leaves it out
      await expect(preview.getByText('Ready', { exact: true })).toBeHidden();
      await expect(review.getByTestId('review-step')).toHaveCount(1);
      await expect(review.getByTestId('review-step').first()).toContainText('Sent for approval');
      // the answer stays in view at the dialog's foot while the previews and history scroll above it: nothing to
      // scroll past to act (on a phone the dialog is longer than the screen)
      if (name === 'phone') expect(await review.evaluate((d) => d.scrollHeight > d.clientHeight)).toBe(true);
      await expect(review.getByRole('button', { name: 'Approve' })).toBeInViewport({ ratio: 1 });
      await expect(review.getByRole('button', { name: 'Ask for changes' })).toBeInViewport({ ratio: 1 });
      await shot(page, `${SHOTS}/approval-review-open-${name}.png`);
      // changes need a remark: the remark is brought into view above the answer's bar
      await review.getByRole('button', { name: 'Ask for changes' }).click();
      await expect(review.getByText('Say what to change', { exact: true })).toBeVisible();
      const remarkBox = review.getByRole('textbox', { name: /Remark for the influencer/ });
      await expect(remarkBox).toBeFocused();
      await expect(remarkBox).toBeInViewport({ ratio: 1 });
      const [box, bar] = [await remarkBox.boundingBox(), await review.getByTestId('review-actions').boundingBox()];
      expect(box && bar && box.y + box.height <= bar.y + 1).toBe(true);
      await review.getByRole('textbox', { name: /Remark for the influencer/ }).fill(REMARK);
      await expectNoSidewaysScroll(page);
      await expectNoSeriousA11y();
      await shot(page, `${SHOTS}/approval-review-dialog-${name}.png`);
      await review.getByRole('button', { name: 'Ask for changes' }).click();
      await expect(page.getByText('Changes requested: the influencer is told').first()).toBeVisible();
      await expect(review).toBeHidden();
      await expect(theirs).toContainText('Changes requested');
      await expect(page.getByTestId('awaiting-count')).toHaveCount(0);

      // the influencer reads the remark, edits the post and sends it again
      await loginInBrowser(page, influencer);
      await page.goto(campaignPath);
      await expect(mine).toContainText('Changes requested');
      const remark = mine.getByTestId('review-remark');
      await expect(remark).toContainText(`${brandName} asked for changes`);
      await expect(remark).toContainText(REMARK);
      await expectNoSidewaysScroll(page);
      await expectNoSeriousA11y();
      await shot(page, `${SHOTS}/approval-influencer-changes-${name}.png`, { fullPage: true });
      await mine.getByRole('button', { name: 'Edit post' }).click();
      const edit = page.getByRole('dialog', { name: 'Update Draft' });
      const edited = `${caption} with @acme, new on the menu`;
      await edit.getByRole('textbox', { name: /Caption/ }).fill(edited);
      await edit.getByRole('button', { name: 'Save changes' }).click();
      await expect(page.getByText('Draft updated successfully').first()).toBeVisible();
      await expect(edit).toBeHidden();
      await expect(postRow(page, edited)).toBeVisible();
      const again = postRow(page, edited);
      await again.getByRole('button', { name: 'Send for approval' }).click();
      await expect(page.getByText(`Changes sent to ${brandName} for approval`).first()).toBeVisible();
      await expect(again).toContainText('Awaiting approval');
      await expect(again.getByTestId('review-remark')).toHaveCount(0);

      // the brand approves: the post goes out as meant (now), and is published on X
      await loginInBrowser(page, brand);
      await page.goto(campaignPath);
      const toApprove = postRow(page, edited);
      await expect(toApprove).toContainText('Awaiting approval');
      await toApprove.getByRole('button', { name: /^Review the post by Quinn Tester/ }).click();
      await expect(review.getByRole('region', { name: 'X preview' })).toContainText(edited);
      await expect(review.getByTestId('review-step')).toHaveCount(3);
      await expect(review.getByTestId('review-step').nth(1)).toContainText(REMARK);
      await expect(review.getByTestId('review-step').nth(2)).toContainText('Sent again with changes');
      await shot(page, `${SHOTS}/approval-review-again-${name}.png`);
      await review.getByRole('button', { name: 'Approve' }).click();
      await expect(page.getByText('Post approved: it is being sent now').first()).toBeVisible();
      await expect(review).toBeHidden();
      await expect
        .poll(async () => (await postDetails(request, influencer.token, postId)).MediaPostedOn.map((m) => m.Status).join(','), {
          timeout: 60_000,
        })
        .toBe('published');
      expect(await onX(request, edited)).toBe(1);
      await page.reload();
      await expect(toApprove).toContainText('Posted');
      await expect(toApprove).not.toContainText('Awaiting approval');
      await expectNoSidewaysScroll(page);
      await expectNoSeriousA11y();
      await shot(page, `${SHOTS}/approval-brand-published-${name}.png`, { fullPage: true });
    });
  });
}
