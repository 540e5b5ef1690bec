import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CAMPAIGN_MSG, REPORT_MSG, type TCampaignReport } from '@virality/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, mockFetch, ok, renderPage, storeSession, type TMockAnswer } from '../../../testing';
import { reportOf } from '../lib/test-fixtures';
import { CampaignReportPage } from './campaign-report-page';

// jsdom has no object URLs: a saved file's address is made up here, and freeing it does nothing
const objectUrls: Blob[] = [];
Object.defineProperty(URL, 'createObjectURL', {
  configurable: true,
  writable: true,
  value: (blob: Blob) => {
    objectUrls.push(blob);
    return `blob:http://localhost/${objectUrls.length}`;
  },
});
Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, writable: true, value: () => {} });

/** The files the page handed to the browser to save: their names and addresses. */
function savedFiles() {
  const saved: { name: string; href: string }[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, href: this.href });
  });
  return saved;
}

/** A file the server sends, as the report's downloads are sent. */
const fileAnswer = (body: string, type: string, name: string) =>
  new Response(body, { status: 200, headers: { 'content-type': type, 'content-disposition': `attachment; filename="${name}"` } });

/**
 * The report opened by its owner: the server answers it with `answer` (the report, or a refusal), and the downloads
 * with `file` (a JSON refusal unless given).
 */
function show(answer: TCampaignReport | TMockAnswer, file?: (path: string) => Response) {
  storeSession('BRANDS');
  const calls = mockFetch((c) => {
    if (c.method === 'GET' && c.path === 'campaigns/c1/report') return 'campaign' in answer ? ok(answer) : answer;
    return undefined;
  });
  const jsonFetch = globalThis.fetch;
  const headers: Record<string, string>[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      if (file && /\/report\.(csv|pdf)$/.test(input)) {
        headers.push({ ...(init?.headers as Record<string, string>) });
        return file(input);
      }
      return jsonFetch(input, init);
    }),
  );
  const user = userEvent.setup();
  renderPage('/campaign/c1/report', <CampaignReportPage />, { route: '/campaign/:id/report' });
  return { calls, user, headers };
}

const figure = async (key: string) => within(await screen.findByTestId(`figure-${key}`));

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-12-10T12:00:00Z') });
});
afterEach(() => {
  objectUrls.length = 0;
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('a campaign’s report, seen by its owner', { timeout: 30_000 }, () => {
  it('shows the sums, spend and what each engagement and 1,000 views cost, with a way back to the campaign', async () => {
    show(reportOf());
    expect(await screen.findByText('Winter launch · Dec 1 – Dec 31, 2026')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Campaign report' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the campaign' }).getAttribute('href')).toBe('/campaign/c1');
    expect((await figure('posts')).getByText('2')).toBeTruthy();
    expect((await figure('views')).getByText('15,000')).toBeTruthy();
    expect((await figure('reach')).getByText('9,000')).toBeTruthy();
    expect((await figure('engagement')).getByText('1,000')).toBeTruthy();
    expect((await figure('spent')).getByText('$250.00')).toBeTruthy();
    expect((await figure('spent')).getByText('of $1,000.00 budget')).toBeTruthy();
    expect((await figure('cpe')).getByText('$0.25')).toBeTruthy();
    expect((await figure('cpm')).getByText('$16.67')).toBeTruthy();
    expect((await figure('deliverables')).getByText('1 of 2')).toBeTruthy();
    expect(screen.getByText('Updated 1 h ago. Figures are what the networks last gave.')).toBeTruthy();
  });

  it('lists each influencer’s deliverables done and due, fee and pay', async () => {
    show(reportOf());
    const [ana, ben] = await screen.findAllByTestId('report-influencer');
    expect(within(ana!).getByText('Ana Silva')).toBeTruthy();
    expect(within(ana!).getByText('1 done')).toBeTruthy();
    expect(within(ana!).getByText('1 due')).toBeTruthy();
    expect(within(ana!).queryByText(/late/)).toBeNull();
    expect(within(ana!).getByText('Fee $400.00 · Paid $250.00')).toBeTruthy();
    expect(within(ana!).getByText('2 posts · 15,000 views · 1,000 engagement')).toBeTruthy();
    expect(within(ben!).getByText('No terms set')).toBeTruthy();
    expect(within(ben!).getByText('No fee agreed · Paid $0.00')).toBeTruthy();
  });

  it('lists each post with its network, influencer, day and figures, a dash where the network gives none', async () => {
    show(reportOf());
    const table = await screen.findByRole('table', { name: 'Posts and their figures' });
    const [reel, tweet] = within(table).getAllByTestId('report-post');
    expect(within(reel!).getByRole('img', { name: 'Instagram' })).toBeTruthy();
    expect(within(reel!).getByText('Instagram reel')).toBeTruthy();
    expect(
      within(reel!)
        .getByRole('link', { name: /ana\.silva/ })
        .getAttribute('href'),
    ).toBe('https://www.instagram.com/reel/p1');
    expect(within(reel!).getByText('Dec 5, 2026')).toBeTruthy();
    expect(
      within(reel!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(expect.arrayContaining(['Ana Silva', '12,000', '9,000', '800', '40', '25', '900']));
    expect(within(tweet!).getByRole('img', { name: 'X' })).toBeTruthy();
    expect(within(tweet!).getByText('X post')).toBeTruthy();
    expect(within(tweet!).queryByRole('link')).toBeNull();
    expect(
      within(tweet!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toContain('—');
    const total = within(table).getByRole('rowheader', { name: 'Total' }).closest('tr') as HTMLElement;
    expect(
      within(total)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['15,000', '9,000', '890', '45', '30', '1,000']);
  });

  it('on a phone, stacks the posts as cards, each figure named', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query.includes('max-width'),
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }));
    show(reportOf());
    const list = await screen.findByRole('list', { name: 'Posts and their figures' });
    expect(screen.queryByRole('table', { name: 'Posts and their figures' })).toBeNull();
    const [reel] = within(list).getAllByTestId('report-post');
    expect(within(reel!).getByText('Instagram reel · Dec 5, 2026 · by Ana Silva')).toBeTruthy();
    const terms = within(reel!)
      .getAllByRole('term')
      .map((t) => t.textContent);
    const values = within(reel!)
      .getAllByRole('definition')
      .map((d) => d.textContent);
    expect(Object.fromEntries(terms.map((t, i) => [t, values[i]]))).toEqual({
      Views: '12,000',
      Reach: '9,000',
      Likes: '800',
      Comments: '40',
      Shares: '25',
      Engagement: '900',
    });
  });

  it('marks a post whose figures are not read yet, never showing them as 0', async () => {
    const report = reportOf();
    report.posts[1] = {
      ...report.posts[1]!,
      figuresAt: null,
      views: null,
      reach: null,
      likes: 0,
      comments: 0,
      shares: 0,
      engagement: 0,
    };
    show(report);
    const tweet = (await screen.findAllByTestId('report-post'))[1]!;
    expect(within(tweet).getByText('Figures not read yet')).toBeTruthy();
    expect(within(tweet).queryByText('0')).toBeNull();
  });

  it('shows engagement by day as a chart, or as a table', async () => {
    const { user } = show(reportOf());
    const section = await screen.findByRole('region', { name: 'Engagement over time' });
    expect(
      await within(section).findByRole('img', {
        name: 'Engagement by the day posts went out, December 1 to December 31: 1,000 in all, most on December 5 (900).',
      }),
    ).toBeTruthy();
    await user.click(within(section).getByRole('button', { name: 'View as table' }));
    const days = within(section).getByRole('region', { name: 'Figures by day' });
    const dec5 = within(days).getByRole('rowheader', { name: 'Dec 5' }).closest('tr') as HTMLElement;
    expect(
      within(dec5)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['900', '12,000', '$0.00']);
    const dec6 = within(days).getByRole('rowheader', { name: 'Dec 6' }).closest('tr') as HTMLElement;
    expect(
      within(dec6)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['0', '0', '$250.00']);
  });

  it('an empty campaign: says no post is out yet, and still counts 0 posts and its spend', async () => {
    show(reportOf([], 0));
    expect(await screen.findByRole('heading', { name: 'No posts yet' })).toBeTruthy();
    expect(screen.getByText(new RegExp(`^${REPORT_MSG.empty}`))).toBeTruthy();
    expect((await figure('posts')).getByText('0')).toBeTruthy();
    expect((await figure('spent')).getByText('$0.00')).toBeTruthy();
    expect((await figure('cpe')).getByText('—')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Engagement over time' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Posts' })).toBeNull();
    // the influencers are there, with what they are still to deliver
    expect(screen.getAllByTestId('report-influencer')).toHaveLength(2);
  });

  it('shows a skeleton while it loads', async () => {
    show(reportOf());
    expect(screen.getByLabelText('Loading the report').getAttribute('aria-busy')).toBe('true');
    expect(await screen.findByTestId('figure-posts')).toBeTruthy();
    expect(screen.queryByLabelText('Loading the report')).toBeNull();
  });

  it('says it could not load, and loads again on Try again', async () => {
    let answer: TCampaignReport | TMockAnswer = fail(500, 'The server is resting');
    storeSession('BRANDS');
    mockFetch((c) => (c.path === 'campaigns/c1/report' ? ('campaign' in answer ? ok(answer) : answer) : undefined));
    const user = userEvent.setup();
    renderPage('/campaign/c1/report', <CampaignReportPage />, { route: '/campaign/:id/report' });
    expect(await screen.findByText('Could not load the report')).toBeTruthy();
    expect(screen.getByText('The server is resting')).toBeTruthy();
    answer = reportOf();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('figure-spent')).toBeTruthy();
  });

  it('says "Campaign not found" for a campaign that is not the caller’s', async () => {
    show(fail(404, CAMPAIGN_MSG.notFound));
    expect(await screen.findByRole('heading', { level: 2, name: CAMPAIGN_MSG.notFound })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to Campaigns' }).getAttribute('href')).toBe('/campaigns');
  });
});

describe('the report’s downloads', { timeout: 30_000 }, () => {
  it('fetch the CSV and the PDF with the session and save them under the server’s names', async () => {
    const saved = savedFiles();
    const { user, headers } = show(reportOf(), (path) =>
      path.endsWith('.csv')
        ? fileAnswer('Influencer,Network\r\n', 'text/csv', 'Winter-launch-report.csv')
        : fileAnswer('%PDF-1.7', 'application/pdf', 'Winter-launch-report.pdf'),
    );
    await user.click(await screen.findByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toEqual({ name: 'Winter-launch-report.csv', href: 'blob:http://localhost/1' });
    expect(objectUrls[0]?.size).toBe('Influencer,Network\r\n'.length);
    expect(objectUrls[0]?.type).toContain('text/csv');
    await user.click(screen.getByRole('button', { name: 'Download PDF' }));
    await waitFor(() => expect(saved).toHaveLength(2));
    expect(saved[1]?.name).toBe('Winter-launch-report.pdf');
    expect(headers).toHaveLength(2);
    for (const h of headers) expect(h['x-access-token']).toBe(localStorage.getItem('virality-auth-token'));
  });

  it('say why a file could not be had, saving nothing', async () => {
    const saved = savedFiles();
    const { user } = show(
      reportOf(),
      () =>
        new Response(JSON.stringify({ status: false, message: 'The report could not be made now', response: null }), {
          status: 503,
          headers: { 'content-type': 'application/json' },
        }),
    );
    await user.click(await screen.findByRole('button', { name: 'Download PDF' }));
    expect(await screen.findByText('The report could not be made now')).toBeTruthy();
    expect(saved).toHaveLength(0);
  });
});
