import { mkdirSync, statSync } from 'node:fs';
import { createCompletedBrand } from './support/admin';
import { figuresRead } from './support/analytics';
import { apiCall, createCompletedInfluencer, loginInBrowser } from './support/api';
import { approveOnPaypal } from './support/billing';
import { dayIn, downloaded, reportFigure as figure, firstPdfPage, REPORT_CSV_HEADER } from './support/campaigns';
import { expect, installClock, test } from './support/fixtures';
import { expectNoSidewaysScroll } from './support/layout';
import { postByApi, uploadPhoto } from './support/posts';
import { shot } from './support/shots';
import { linkByApi, postDetails } from './support/social';

// The campaign report: a brand's campaign offers an influencer one X post for a 150 USD fee; the influencer accepts
// and the post made for it is published on X (approval is off) and its figures read. The brand hears that everything
// was delivered (the notification opens the campaign, whose first sight is the prompt to pay the fee), pays the fee
// from the prompt through PayPal, then opens the report from the campaign: the post's row, the spend and what it cost,
// and the report as CSV and PDF. A campaign without posts shows its report's empty state. Days come from the sandbox's
// product clock, which other journeys move.

const SHOTS = process.env.E2E_OUTPUT_DIR ? `${process.env.E2E_OUTPUT_DIR}/shots` : '/tmp/campaign-report-shots';
mkdirSync(SHOTS, { recursive: true });

const SIZES = [
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
];

const DAY_MS = 86_400_000;
const FEE = 150;

for (const { name, viewport } of SIZES) {
  test.describe(`campaign report ${name}`, () => {
    test.use({ viewport });

    test('a brand pays the fee of an influencer who delivered everything, then reads the campaign’s report and downloads it as CSV and PDF', async ({
      page,
      request,
      expectNoSeriousA11y,
    }, testInfo) => {
      test.setTimeout(300_000);
      // the browser's clock is the product's: the campaign's days and "today" are read from it
      const now = Date.parse((await (await request.get('/sandbox/clock')).json()).response.now as string);
      await installClock(page, new Date(now));
      const brandName = `Report Foods ${name === 'phone' ? 'Mobile' : 'Desk'}`;
      const brand = await createCompletedBrand(request, brandName);
      const influencer = await createCompletedInfluencer(request);
      const account = await linkByApi(request, influencer.token, 'twitter');
      const campaign = `Winter soups ${Date.now().toString(36)}`;
      await loginInBrowser(page, brand);
      const zone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
      const end = dayIn(now + 7 * DAY_MS, zone);
      const created = await apiCall<{ _id: string }>(request, 'POST', 'campaigns/create', {
        token: brand.token,
        data: {
          name: campaign,
          brief: 'One post on X about the winter soups.',
          budget: 1000,
          startDate: dayIn(now, zone),
          endDate: end,
          timeZone: zone,
        },
      });
      const id = created.response._id;
      const campaignPath = `/campaign/${id}`;
      // the post goes out as the influencer sends it (no approval), for one X post and the fee
      await apiCall(request, 'PUT', `campaigns/${id}/approval`, { token: brand.token, data: { required: false } });
      await apiCall(request, 'POST', `campaigns/${id}/tag`, {
        token: brand.token,
        data: {
          influencerIds: [influencer.userId],
          terms: { deliverables: [{ network: 'twitter', postType: 'post', count: 1, dueDate: end }], fee: FEE },
          timeZone: zone,
        },
      });
      const seen = await apiCall<{ influencers: { terms: { setAt: string } | null }[] }>(request, 'GET', `campaigns/${id}`, {
        token: influencer.token,
      });
      await apiCall(request, 'POST', `campaigns/${id}/respond`, {
        token: influencer.token,
        data: { accept: true, termsAt: seen.response.influencers[0]?.terms?.setAt },
      });

      // the influencer's post for the campaign is published on X, and its figures read
      const caption = `Soup of the week ${name} ${Date.now().toString(36)}`;
      const photo = await uploadPhoto(request, page, influencer.token, 41);
      const postId = await postByApi(request, influencer.token, {
        caption,
        photo,
        accounts: [account],
        more: { CampaignSourceID: id },
      });
      await expect
        .poll(async () => (await postDetails(request, influencer.token, postId)).MediaPostedOn.map((m) => m.Status).join(','), {
          timeout: 60_000,
        })
        .toBe('published');
      await figuresRead(request, influencer.token, postId);

      // the brand is told everything was delivered: the notification opens the campaign, the fee prompt first
      await page.goto('/notifications');
      await page.getByRole('button', { name: new RegExp(`^Unread: .*delivered everything for ${campaign}`) }).click();
      await expect(page).toHaveURL(new RegExp(`${campaignPath}$`));
      const prompt = page.getByRole('region', { name: 'Fee due to Quinn Tester' });
      await expect(prompt).toContainText('Quinn Tester delivered everything on');
      await expect(prompt).toContainText(`Pay the agreed fee of $${FEE}.00.`);
      await expectNoSidewaysScroll(page);
      await expectNoSeriousA11y();
      await shot(page, `${SHOTS}/report-fee-prompt-${name}.png`, { fullPage: true });

      // paid from the prompt: the payment opens with the fee filled in, then PayPal's approval page
      await prompt.getByRole('button', { name: `Pay $${FEE}.00 to Quinn Tester` }).click();
      const pay = page.getByRole('dialog', { name: 'Pay Quinn Tester' });
      await expect(pay.getByRole('textbox', { name: /Amount/ })).toHaveValue(`$${FEE}`);
      await pay.getByRole('button', { name: 'Continue to PayPal' }).click();
      await approveOnPaypal(page, 'report.payer@example.com');

      // paid in full: no prompt; the report opens from the campaign's header
      await page.goto(campaignPath);
      await expect(page.getByRole('heading', { name: campaign, level: 1 })).toBeVisible();
      await expect(page.getByTestId('fee-due')).toHaveCount(0);
      await page.getByRole('link', { name: 'Report' }).click();
      await expect(page).toHaveURL(new RegExp(`${campaignPath}/report$`));
      await expect(page.getByRole('heading', { name: 'Campaign report', level: 1 })).toBeVisible();
      await expect(page.getByText(`${campaign} · `)).toBeVisible();
      await expect(figure(page, 'posts')).toContainText('1');
      await expect(figure(page, 'spent')).toContainText(`$${FEE}.00`);
      await expect(figure(page, 'spent')).toContainText('of $1,000.00 budget');
      await expect(figure(page, 'engagement')).not.toContainText('—');
      await expect(figure(page, 'deliverables')).toContainText('1 of 1');
      await expect(figure(page, 'deliverables')).toContainText('All delivered');
      const influencerRow = page.getByTestId('report-influencer').filter({ hasText: 'Quinn Tester' });
      await expect(influencerRow).toContainText(`Fee $${FEE}.00 · Paid $${FEE}.00`);
      await expect(influencerRow).toContainText('1 done');
      const post = page.getByTestId('report-post');
      await expect(post).toHaveCount(1);
      await expect(post).toContainText('X post');
      await expect(post).toContainText(caption);
      await expect(post.getByRole('img', { name: 'X' })).toBeVisible();
      if (viewport.width < 800) await expect(page.getByRole('list', { name: 'Posts and their figures' })).toBeVisible();
      else await expect(page.getByRole('table', { name: 'Posts and their figures' })).toBeVisible();
      await expect(
        page
          .getByRole('region', { name: 'Engagement over time' })
          .getByRole('img', { name: /^Engagement by the day posts went out/ }),
      ).toBeVisible();
      await expectNoSidewaysScroll(page);
      await expectNoSeriousA11y();
      await shot(page, `${SHOTS}/report-${name}.png`, { fullPage: true });

      // the CSV: its header, and a row of the post
      const csv = await downloaded(page, () => page.getByRole('button', { name: 'Download CSV' }).click());
      expect(csv.file.suggestedFilename()).toMatch(/^Winter-soups-[a-z0-9]+-report\.csv$/);
      const lines = csv.bytes.toString('utf8').split('\r\n');
      expect(lines[0]).toBe(REPORT_CSV_HEADER);
      const row = lines.find((l) => l.includes(caption));
      expect(row, lines.join('\n')).toMatch(/^Quinn Tester,twitter,[^,]+,post,\d{4}-\d\d-\d\d \d\d:\d\d,/);
      expect(lines.find((l) => l.startsWith('Total,'))).toContain(`Spent ${FEE} USD`);

      // the PDF: a real PDF, its first page kept as a picture to look at
      const pdf = await downloaded(page, () => page.getByRole('button', { name: 'Download PDF' }).click());
      expect(pdf.file.suggestedFilename()).toMatch(/-report\.pdf$/);
      expect(pdf.bytes.subarray(0, 4).toString('latin1')).toBe('%PDF');
      const first = firstPdfPage(pdf.path, testInfo.outputPath(`report-pdf-${name}`));
      expect(statSync(first.png).size).toBeGreaterThan(5_000);
      expect(first.text).toMatch(/campaign report/i);
      expect(first.text).toContain(`$${FEE}.00`);

      // the table of days beside the chart
      const engagement = page.getByRole('region', { name: 'Engagement over time' });
      await engagement.getByRole('button', { name: 'View as table' }).click();
      await expect(engagement.getByRole('region', { name: 'Figures by day' })).toContainText(`$${FEE}.00`);
      await expectNoSidewaysScroll(page);
      await shot(page, `${SHOTS}/report-days-table-${name}.png`);
    });

    test('a campaign without posts shows its report’s empty state, with 0 posts and nothing spent', async ({
      page,
      request,
      expectNoSeriousA11y,
    }) => {
      test.setTimeout(120_000);
      const now = Date.parse((await (await request.get('/sandbox/clock')).json()).response.now as string);
      await installClock(page, new Date(now));
      const brand = await createCompletedBrand(request, `Quiet Bakery ${name === 'phone' ? 'Mobile' : 'Desk'}`);
      const campaign = `Spring bread ${Date.now().toString(36)}`;
      await loginInBrowser(page, brand);
      const zone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
      const created = await apiCall<{ _id: string }>(request, 'POST', 'campaigns/create', {
        token: brand.token,
        data: {
          name: campaign,
          brief: 'Two posts about the spring loaves.',
          budget: 400,
          startDate: dayIn(now, zone),
          endDate: dayIn(now + 14 * DAY_MS, zone),
          timeZone: zone,
        },
      });
      await page.goto(`/campaign/${created.response._id}`);
      await page.getByRole('link', { name: 'Report' }).click();
      await expect(page.getByRole('heading', { name: 'No posts yet' })).toBeVisible();
      await expect(figure(page, 'posts')).toContainText('0');
      await expect(figure(page, 'spent')).toContainText('$0.00');
      await expect(figure(page, 'views')).toContainText('—');
      await expect(figure(page, 'cpe')).toContainText('—');
      await expect(page.getByTestId('report-post')).toHaveCount(0);
      await expectNoSidewaysScroll(page);
      await expectNoSeriousA11y();
      await shot(page, `${SHOTS}/report-empty-${name}.png`, { fullPage: true });
      await page.getByRole('link', { name: 'Back to the campaign' }).click();
      await expect(page.getByRole('heading', { name: campaign, level: 1 })).toBeVisible();
    });
  });
}
