import { mkdirSync, statSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { figuresRead, postAnalytics } from './support/analytics';
import { apiCall, createCompletedInfluencer, loginInBrowser } from './support/api';
import { approveOnPaypal } from './support/billing';
import { createCompletedImc } from './support/calendar';
import { appDay, chooseIn, dayIn, downloaded, firstPdfPage, REPORT_CSV_HEADER, reportFigure } from './support/campaigns';
import { expect, installClock, test } from './support/fixtures';
import { expectNoSidewaysScroll } from './support/layout';
import { jpegFile } from './support/posts';
import { shot } from './support/shots';
import { linkByApi, postDetails, publishedOn } from './support/social';

// Campaigns that deliver, end to end: an IMC's campaign asks for approval of content; the IMC tags an influencer with
// terms (one X post and one Threads post, a 200 USD fee); the influencer reads the terms and accepts them, then posts
// for the campaign on X: the post goes to the IMC for approval and is on no network. The IMC asks for changes with a
// remark; the influencer reads it, edits the post and sends it again; the IMC approves it and it is published on X
// once; the influencer's terms say how each deliverable stands. The Threads post is approved too: every deliverable is
// done, and the campaign page says so, with the prompt to pay the fee at its top (the one way to pay it). The IMC pays
// it through PayPal and opens the report: the two posts with their figures, the spend, and the report as CSV and PDF;
// the influencer's terms say All delivered. Days come from the sandbox's product clock, which other journeys move.

const SHOTS = process.env.E2E_OUTPUT_DIR ? `${process.env.E2E_OUTPUT_DIR}/shots` : '/tmp/campaign-journey-shots';
mkdirSync(SHOTS, { recursive: true });

const SIZES = [
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
];

const DAY_MS = 86_400_000;
const FEE = 200;
const BUDGET = 1000;
const REMARK = 'Please show the new bowl and tag @reachagency';

/** The campaign's post row with `text`. */
const postRow = (page: Page, text: string) => page.getByTestId('campaign-post').filter({ hasText: text });

/**
 * The influencer, on the campaign's page, posts a photo with `caption` on `network` from the composer the campaign
 * opens: told it went to `owner` for approval, not sent. Its id.
 */
async function postForCampaign(page: Page, campaign: string, owner: string, network: 'X' | 'Threads', caption: string) {
  await page.getByRole('button', { name: 'Create a post for this campaign' }).click();
  const composer = page.getByRole('dialog', { name: 'Create post' });
  await expect(composer.getByLabel('Campaign', { exact: true })).toHaveValue(campaign);
  await composer.getByRole('button', { name: network, exact: true }).click();
  await composer.getByLabel('Upload media').setInputFiles(await jpegFile(page, network === 'X' ? 51 : 52));
  await composer.getByRole('textbox', { name: /Caption/ }).fill(caption);
  const sent = page.waitForResponse((r) => r.url().includes('/sph/social-media-manager/single-post/'));
  await composer.getByRole('button', { name: 'Post Now' }).click();
  const answer = await sent;
  expect(answer.status(), await answer.text()).toBe(200);
  await expect(page.getByText(`Sent to ${owner} for approval`).first()).toBeVisible();
  await expect(page.getByText('Your post has been sent!')).toHaveCount(0);
  await expect(composer).toBeHidden();
  await expect(postRow(page, caption)).toContainText('Awaiting approval');
  return (await answer.json()).response_data.CommonPostID as string;
}

/** The owner opens the review of the post with `caption`: the dialog, showing it as `network` will. */
async function openReview(page: Page, caption: string, network: 'X' | 'Threads') {
  const row = postRow(page, caption);
  await expect(row).toContainText('Awaiting approval');
  await row.getByRole('button', { name: /^Review the post by Quinn Tester/ }).click();
  const review = page.getByRole('dialog', { name: 'Review the post by Quinn Tester' });
  await expect(review.getByRole('region', { name: `${network} preview` })).toContainText(caption);
  return review;
}

/**
 * Waits until the post is published on its one network, and checks the network's emulator holds exactly one post with
 * `caption`: the one the post's answer names.
 */
async function publishedOnce(
  request: APIRequestContext,
  token: string,
  postId: string,
  network: 'twitter' | 'threads',
  caption: string,
) {
  await expect
    .poll(async () => (await postDetails(request, token, postId)).MediaPostedOn.map((m) => m.Status).join(','), {
      timeout: 60_000,
    })
    .toBe('published');
  const [target] = (await postDetails(request, token, postId)).MediaPostedOn;
  const held = await publishedOn(request, network, caption);
  expect(held.map((p) => p.id)).toEqual([target.ResponseMediaID]);
}

for (const { name, viewport } of SIZES) {
  test.describe(`campaign journey ${name}`, () => {
    test.use({ viewport });

    test('an IMC offers terms, reviews and approves the influencer’s posts, sees everything delivered, pays the fee and downloads the report', async ({
      page,
      request,
      expectNoSeriousA11y,
    }, testInfo) => {
      test.setTimeout(480_000);
      // the browser's clock is the product's: the campaign's days and "today" are read from it
      const now = Date.parse((await (await request.get('/sandbox/clock')).json()).response.now as string);
      await installClock(page, new Date(now));
      const imc = await createCompletedImc(request);
      const owner = imc.name as string;
      const influencer = await createCompletedInfluencer(request);
      await linkByApi(request, influencer.token, 'twitter');
      await linkByApi(request, influencer.token, 'threads');
      const stamp = `${name} ${Date.now().toString(36)}`;
      const campaign = `Ramen week ${Date.now().toString(36)}`;
      await loginInBrowser(page, imc);
      const zone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
      const end = dayIn(now + 7 * DAY_MS, zone);
      const created = await apiCall<{ _id: string; approvalRequired: boolean }>(request, 'POST', 'campaigns/create', {
        token: imc.token,
        data: {
          name: campaign,
          brief: 'One post on X and one on Threads about the ramen week.',
          budget: BUDGET,
          startDate: dayIn(now, zone),
          endDate: end,
          timeZone: zone,
        },
      });
      expect(created.response.approvalRequired).toBe(true);
      const id = created.response._id;
      const campaignPath = `/campaign/${id}`;

      // 1. the IMC's campaign asks for approval; it tags the influencer offering an X post, a Threads post and a fee
      await page.goto(campaignPath);
      await expect(page.getByRole('heading', { name: campaign, level: 1 })).toBeVisible();
      await expect(page.getByRole('switch', { name: /^Approve posts before they go out/ })).toBeChecked();
      await page.getByRole('button', { name: 'Tag influencers' }).click();
      const tag = page.getByRole('dialog', { name: 'Tag influencers' });
      await tag.getByRole('textbox', { name: /^Find influencers/ }).fill(influencer.userName!.slice(0, 8));
      await tag.getByRole('button', { name: `Add Quinn Tester @${influencer.userName}` }).click();
      await tag.getByRole('button', { name: /Offer terms/ }).click();
      await chooseIn(tag.getByRole('group', { name: 'Deliverable 1' }), 'Network', 'X');
      await tag.getByRole('button', { name: 'Add deliverable' }).click();
      await chooseIn(tag.getByRole('group', { name: 'Deliverable 2' }), 'Network', 'Threads');
      await tag.getByRole('textbox', { name: /^Fee/ }).fill(String(FEE));
      await expectNoSidewaysScroll(page);
      await expectNoSeriousA11y();
      await shot(page, `${SHOTS}/journey-tag-terms-${name}.png`);
      await tag.getByRole('button', { name: 'Tag influencer' }).click();
      await expect(page.getByText('Influencer tagged successfully')).toBeVisible();
      await expect(tag).toBeHidden();
      const row = page.getByTestId('influencer').filter({ hasText: 'Quinn Tester' });
      await expect(row).toContainText(`1 X post by ${appDay(end)}`);
      await expect(row).toContainText(`1 Threads post by ${appDay(end)}`);
      await expect(row).toContainText(`$${FEE}.00`);
      await expect(row).toContainText('Waiting for answer');

      // 2. the influencer reads the terms on the campaign's page and accepts them
      await loginInBrowser(page, influencer);
      await page.goto(campaignPath);
      const terms = page.getByRole('region', { name: 'Your terms' });
      await expect(terms).toContainText(`1 X post by ${appDay(end)}`);
      await expect(terms).toContainText(`1 Threads post by ${appDay(end)}`);
      await expect(terms.getByTestId('terms-fee')).toHaveText(`$${FEE}.00`);
      await expectNoSidewaysScroll(page);
      await shot(page, `${SHOTS}/journey-influencer-terms-${name}.png`, { fullPage: true });
      await terms.getByRole('button', { name: `Accept ${campaign}` }).click();
      await expect(page.getByText('Campaign accepted')).toBeVisible();
      await expect(terms).toContainText('You agreed to these terms on');

      // 3. the influencer's X post goes to the IMC for approval: on no network yet
      const caption = `Ramen bowl on X ${stamp}`;
      const xPost = await postForCampaign(page, campaign, owner, 'X', caption);
      await expect(postRow(page, caption)).toContainText(`Waiting for ${owner}’s approval`);
      expect(await publishedOn(request, 'twitter', caption)).toHaveLength(0);
      await expectNoSidewaysScroll(page);
      await shot(page, `${SHOTS}/journey-influencer-awaiting-${name}.png`, { fullPage: true });

      // 4. the IMC reviews it and asks for changes, with a remark
      await loginInBrowser(page, imc);
      await page.goto(campaignPath);
      await expect(page.getByTestId('awaiting-count')).toHaveText('1 awaiting approval');
      await expect(row).toContainText('Accepted');
      await expect(row.getByTestId('delivery')).toContainText('0 of 2 done');
      let review = await openReview(page, caption, 'X');
      await review.getByRole('textbox', { name: /Remark for the influencer/ }).fill(REMARK);
      await expectNoSidewaysScroll(page);
      await expectNoSeriousA11y();
      await shot(page, `${SHOTS}/journey-review-changes-${name}.png`);
      await review.getByRole('button', { name: 'Ask for changes' }).click();
      await expect(page.getByText('Changes requested: the influencer is told').first()).toBeVisible();
      await expect(review).toBeHidden();
      await expect(postRow(page, caption)).toContainText('Changes requested');
      expect(await publishedOn(request, 'twitter', caption)).toHaveLength(0);

      // 5. the influencer reads the remark, edits the post and sends it again
      await loginInBrowser(page, influencer);
      await page.goto(campaignPath);
      const remark = postRow(page, caption).getByTestId('review-remark');
      await expect(remark).toContainText(`${owner} asked for changes`);
      await expect(remark).toContainText(REMARK);
      await expectNoSidewaysScroll(page);
      await shot(page, `${SHOTS}/journey-influencer-remark-${name}.png`, { fullPage: true });
      await remark.getByRole('button', { name: 'Edit post' }).click();
      const edit = page.getByRole('dialog', { name: 'Update Draft' });
      const edited = `Ramen bowl on X, the new bowl with @reachagency ${stamp}`;
      await edit.getByRole('textbox', { name: /Caption/ }).fill(edited);
      await edit.getByRole('button', { name: 'Save changes' }).click();
      await expect(page.getByText('Draft updated successfully').first()).toBeVisible();
      await expect(edit).toBeHidden();
      await postRow(page, edited).getByRole('button', { name: 'Send for approval' }).click();
      await expect(page.getByText(`Changes sent to ${owner} for approval`).first()).toBeVisible();
      await expect(postRow(page, edited)).toContainText('Awaiting approval');
      await expect(postRow(page, edited).getByTestId('review-remark')).toHaveCount(0);

      // 6. the IMC approves the edited post: it is published on X, once
      await loginInBrowser(page, imc);
      await page.goto(campaignPath);
      review = await openReview(page, edited, 'X');
      await expect(review.getByTestId('review-step')).toHaveCount(3);
      await expect(review.getByTestId('review-step').nth(1)).toContainText(REMARK);
      await review.getByRole('button', { name: 'Approve' }).click();
      await expect(page.getByText('Post approved: it is being sent now').first()).toBeVisible();
      await expect(review).toBeHidden();
      await publishedOnce(request, influencer.token, xPost, 'twitter', edited);
      expect(await publishedOn(request, 'twitter', caption)).toHaveLength(0);
      // its figures are asked for now: the figures job has it on its list by the time the report is read
      await postAnalytics(request, influencer.token, xPost);
      await page.reload();
      await expect(postRow(page, edited)).toContainText('Posted');
      await expect(row.getByTestId('delivery')).toContainText('1 of 2 done');
      await expect(page.getByTestId('fee-due')).toHaveCount(0);

      // 7. the second deliverable: the influencer's Threads post, approved by the IMC; then everything is delivered.
      // The influencer's terms say how each deliverable stands, as the IMC's row does
      await loginInBrowser(page, influencer);
      await page.goto(campaignPath);
      const deliverable = (words: string) => terms.getByRole('listitem').filter({ hasText: words });
      await expect(deliverable(`1 X post by ${appDay(end)}`)).toContainText('1 of 1 done');
      await expect(deliverable(`1 Threads post by ${appDay(end)}`)).toContainText('0 of 1 done');
      await expect(terms.getByTestId('delivery')).toHaveText('Delivered 1 of 2 done');
      await expectNoSidewaysScroll(page);
      await shot(terms, `${SHOTS}/journey-influencer-delivery-${name}.png`);
      const threadsCaption = `Ramen week on Threads ${stamp}`;
      const threadsPost = await postForCampaign(page, campaign, owner, 'Threads', threadsCaption);
      await loginInBrowser(page, imc);
      await page.goto(campaignPath);
      review = await openReview(page, threadsCaption, 'Threads');
      await review.getByRole('button', { name: 'Approve' }).click();
      await expect(page.getByText('Post approved: it is being sent now').first()).toBeVisible();
      await expect(review).toBeHidden();
      await publishedOnce(request, influencer.token, threadsPost, 'threads', threadsCaption);
      await postAnalytics(request, influencer.token, threadsPost);
      await page.reload();
      await expect(postRow(page, threadsCaption)).toContainText('Posted');
      await expect(row.getByTestId('delivery')).toContainText('All delivered');
      await expect(row).toContainText('Paid $0.00');
      const prompt = page.getByRole('region', { name: 'Fee due to Quinn Tester' });
      await expect(prompt).toContainText('Quinn Tester delivered everything on');
      await expect(prompt).toContainText(`Pay the agreed fee of $${FEE}.00.`);
      await expectNoSidewaysScroll(page);
      await expectNoSeriousA11y();
      await shot(page, `${SHOTS}/journey-all-delivered-${name}.png`, { fullPage: true });

      // 8. the IMC pays the fee from the prompt, through PayPal
      await prompt.getByRole('button', { name: `Pay $${FEE}.00 to Quinn Tester` }).click();
      const pay = page.getByRole('dialog', { name: 'Pay Quinn Tester' });
      await expect(pay.getByRole('textbox', { name: /Amount/ })).toHaveValue(`$${FEE}`);
      await pay.getByRole('button', { name: 'Continue to PayPal' }).click();
      await approveOnPaypal(page, 'reach.payer@example.com');
      await expect(page.getByTestId('paid-amount')).toHaveText(`$${FEE}.00`);
      await page.goto(campaignPath);
      await expect(page.getByRole('heading', { name: campaign, level: 1 })).toBeVisible();
      await expect(page.getByTestId('fee-due')).toHaveCount(0);
      await expect(page.getByTestId('payment')).toContainText(`$${FEE}.00`);
      await expect(row).toContainText(`Paid $${FEE}.00`);

      // 9. the report: the two posts with their figures (once the figures job has read them) and the spend
      await figuresRead(request, influencer.token, xPost);
      await figuresRead(request, influencer.token, threadsPost);
      await page.getByRole('link', { name: 'Report' }).click();
      await expect(page).toHaveURL(new RegExp(`${campaignPath}/report$`));
      await expect(page.getByRole('heading', { name: 'Campaign report', level: 1 })).toBeVisible();
      await expect(reportFigure(page, 'posts')).toContainText('2');
      await expect(reportFigure(page, 'engagement')).not.toContainText('—');
      await expect(reportFigure(page, 'spent')).toContainText(`$${FEE}.00`);
      await expect(reportFigure(page, 'spent')).toContainText('of $1,000.00 budget');
      await expect(reportFigure(page, 'deliverables')).toContainText('2 of 2');
      await expect(reportFigure(page, 'deliverables')).toContainText('All delivered');
      const influencerRow = page.getByTestId('report-influencer').filter({ hasText: 'Quinn Tester' });
      await expect(influencerRow).toContainText(`Fee $${FEE}.00 · Paid $${FEE}.00`);
      await expect(influencerRow).toContainText('2 done');
      const posts = page.getByTestId('report-post');
      await expect(posts).toHaveCount(2);
      await expect(posts.filter({ hasText: edited })).toContainText('X post');
      await expect(posts.filter({ hasText: threadsCaption })).toContainText('Threads post');
      await expect(page.getByText('Figures not read yet')).toHaveCount(0);
      await expectNoSidewaysScroll(page);
      await expectNoSeriousA11y();
      await shot(page, `${SHOTS}/journey-report-${name}.png`, { fullPage: true });

      // the CSV: its header, a row for each post (the caption as published), the spend in the total
      const csv = await downloaded(page, () => page.getByRole('button', { name: 'Download CSV' }).click());
      expect(csv.file.suggestedFilename()).toMatch(/^Ramen-week-[a-z0-9]+-report\.csv$/);
      const lines = csv.bytes.toString('utf8').split('\r\n');
      expect(lines[0]).toBe(REPORT_CSV_HEADER);
      const rows = lines.filter((l) => l.startsWith('Quinn Tester,'));
      expect(rows, lines.join('\n')).toHaveLength(2);
      expect(rows.find((l) => l.includes(edited))).toMatch(/^Quinn Tester,twitter,[^,]+,post,\d{4}-\d\d-\d\d \d\d:\d\d,/);
      expect(rows.find((l) => l.includes(threadsCaption))).toMatch(/^Quinn Tester,threads,[^,]+,post,\d{4}-\d\d-\d\d \d\d:\d\d,/);
      expect(lines.find((l) => l.startsWith('Total,'))).toContain(`Spent ${FEE} USD`);

      // the PDF: a real PDF (kept with the results), its first page drawn as a picture to look at
      const pdf = await downloaded(page, () => page.getByRole('button', { name: 'Download PDF' }).click());
      expect(pdf.file.suggestedFilename()).toMatch(/-report\.pdf$/);
      expect(pdf.bytes.subarray(0, 4).toString('latin1')).toBe('%PDF');
      await testInfo.attach(`report-${name}.pdf`, { path: pdf.path, contentType: 'application/pdf' });
      // opened: its first page drawn as a picture (kept with the results) and read
      const first = firstPdfPage(pdf.path, testInfo.outputPath(`journey-report-pdf-${name}`));
      await testInfo.attach(`report-pdf-page-1-${name}.png`, { path: first.png, contentType: 'image/png' });
      expect(statSync(first.png).size).toBeGreaterThan(5_000);
      expect(first.text).toMatch(/campaign report/i);
      expect(first.text).toMatch(new RegExp(`Spent[\\s\\S]*\\$${FEE}\\.00`));

      // published once: no second copy of either post went out meanwhile
      expect(await publishedOn(request, 'twitter', edited)).toHaveLength(1);
      expect(await publishedOn(request, 'threads', threadsCaption)).toHaveLength(1);

      // 10. the influencer's terms say everything is delivered
      await loginInBrowser(page, influencer);
      await page.goto(campaignPath);
      await expect(terms.getByTestId('delivery')).toHaveText('All delivered');
      await expect(deliverable(`1 Threads post by ${appDay(end)}`)).toContainText('1 of 1 done');
      await expectNoSidewaysScroll(page);
      await expectNoSeriousA11y();
      await shot(terms, `${SHOTS}/journey-influencer-all-delivered-${name}.png`);
    });
  });
}
