import { screen, waitFor, within } from '@testing-library/react';
import { REVIEW_MSG, type TCampaignDetail, type TCampaignPost, type TCampaignPostPreview, type TPost } from '@virality/domain';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, ok, scheduledPost } from '../../../testing';
import { openCreatePost } from '../../posts/lib/composer-store';
import { ANA, BEN, detailOf } from '../lib/test-fixtures';
import { server, showCampaignPage } from './campaign-page.test-kit';

vi.mock('../../posts/lib/composer-store', async (original) => ({
  ...(await original<typeof import('../../posts/lib/composer-store')>()),
  openCreatePost: vi.fn(),
}));

const show = showCampaignPage;

const sph = (data: unknown, message: string, code = 200) => ({
  status: code,
  body: { response_code: code, response_message: message, response_data: data },
});

const SENT = { action: 'submitted' as const, remark: null, at: '2026-12-05T10:00:00.000Z' };
const ASKED = { action: 'changes_requested' as const, remark: 'Tag us @acme, please', at: '2026-12-06T09:30:00.000Z' };

/** A post made for the campaign, awaiting approval unless told otherwise. */
const postOf = (over: Partial<TCampaignPost> = {}): TCampaignPost => ({
  _id: 'p1',
  caption: 'Out in the snow with the new coat',
  author: ANA,
  networks: ['twitter'],
  status: REVIEW_MSG.awaitingLabel,
  scheduledAt: null,
  createdAt: '2026-12-05T10:00:00.000Z',
  review: 'awaiting',
  remark: null,
  reviews: [SENT],
  ...over,
});

const previewOf = (over: Partial<TCampaignPostPreview> = {}): TCampaignPostPreview => ({
  ...postOf(),
  text: 'Out in the snow with the new coat, all of it',
  media: [{ url: '/uploads/coat.jpg', kind: 'image' }],
  targets: [
    { network: 'twitter', accountName: 'ana_x', format: 'post' },
    { network: 'instagram', accountName: 'ana.ig', format: 'post' },
  ],
  ...over,
});

const owned = (posts: TCampaignPost[], over: Partial<TCampaignDetail> = {}) =>
  detailOf({ approvalRequired: true, posts, ...over });

const postRow = async (caption: RegExp) =>
  (await screen.findAllByTestId('campaign-post')).find((r) => caption.test(r.textContent ?? '')) as HTMLElement;

beforeAll(() => {
  // jsdom has no font loading API (the remark's autosize listens to it)
  if (!('fonts' in document))
    Object.defineProperty(document, 'fonts', {
      value: { addEventListener() {}, removeEventListener() {} },
      configurable: true,
    });
});
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-12-10T12:00:00Z') });
});
afterEach(() => {
  vi.mocked(openCreatePost).mockReset();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('the brand’s approval, seen by the campaign’s owner', { timeout: 30_000 }, () => {
  it('makes posts awaiting approval stand out, each with Review; changes requested reads as its own state', async () => {
    show(
      'BRANDS',
      owned([
        postOf(),
        postOf({
          _id: 'p2',
          caption: 'Second try',
          author: BEN,
          review: 'changes_requested',
          status: REVIEW_MSG.changesLabel,
          remark: ASKED.remark,
          reviews: [SENT, ASKED],
        }),
        postOf({ _id: 'p3', caption: 'Approved and out', review: 'approved', status: 'Posted', reviews: [] }),
      ]),
    );
    const waiting = await postRow(/Out in the snow/);
    expect(waiting.getAttribute('data-review')).toBe('awaiting');
    expect(within(waiting).getByText(REVIEW_MSG.awaitingLabel)).toBeTruthy();
    expect(within(waiting).getByRole('button', { name: /^Review the post by Ana Silva/ })).toBeTruthy();
    const changes = await postRow(/Second try/);
    expect(within(changes).getByText(REVIEW_MSG.changesLabel)).toBeTruthy();
    expect(within(changes).queryByRole('button', { name: /^Review/ })).toBeNull();
    const out = await postRow(/Approved and out/);
    expect(within(out).getByText('Posted')).toBeTruthy();
    expect(screen.getByTestId('awaiting-count').textContent).toBe('1 awaiting approval');
    // nothing raw on the page
    expect(document.body.textContent).not.toContain('changes_requested');
  });

  it('reviews a post: its previews per network with its text, its history; changes need a remark', async () => {
    const { calls, user } = show('BRANDS', owned([postOf()]), (c) => {
      if (c.method === 'GET' && c.path === 'campaigns/c1/posts/p1') return ok(previewOf());
      if (c.path === 'campaigns/c1/posts/p1/review') {
        const body = c.body as { remark?: string };
        if (!body.remark) return fail(400, REVIEW_MSG.remarkRequired);
        server.campaign = owned([
          postOf({ review: 'changes_requested', status: REVIEW_MSG.changesLabel, remark: body.remark, reviews: [SENT, ASKED] }),
        ]);
        return ok(server.campaign, REVIEW_MSG.changesRequested);
      }
      return undefined;
    });
    await user.click(within(await postRow(/Out in the snow/)).getByRole('button', { name: /^Review/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Review the post by Ana Silva' });
    const x = await within(dialog).findByRole('region', { name: 'X preview' });
    expect(within(x).getByText(/Out in the snow with the new coat, all of it/)).toBeTruthy();
    expect(within(dialog).getByRole('region', { name: 'Instagram preview' })).toBeTruthy();
    const steps = within(dialog).getAllByTestId('review-step');
    expect(steps.map((s) => within(s).getAllByText(/\w/)[0]?.textContent)).toEqual(['Sent for approval']);
    expect(within(steps[0] as HTMLElement).getByText(/Dec 5, 2026/)).toBeTruthy();

    await user.click(within(dialog).getByRole('button', { name: 'Ask for changes' }));
    expect(within(dialog).getByText(REVIEW_MSG.remarkRequired)).toBeTruthy();
    expect(calls.filter((c) => c.path === 'campaigns/c1/posts/p1/review')).toHaveLength(0);
    await user.type(within(dialog).getByRole('textbox', { name: /Remark for the influencer/ }), ASKED.remark);
    await user.click(within(dialog).getByRole('button', { name: 'Ask for changes' }));
    expect(await screen.findByText(REVIEW_MSG.changesRequested)).toBeTruthy();
    expect(calls.find((c) => c.path === 'campaigns/c1/posts/p1/review')?.body).toEqual({
      approve: false,
      remark: ASKED.remark,
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /^Review the post/ })).toBeNull());
    expect(within(await postRow(/Out in the snow/)).getByText(REVIEW_MSG.changesLabel)).toBeTruthy();
  });

  it('approves a post: the server’s words, and the post goes on as a post', async () => {
    const { calls, user } = show('BRANDS', owned([postOf()]), (c) => {
      if (c.method === 'GET' && c.path === 'campaigns/c1/posts/p1') return ok(previewOf());
      if (c.path === 'campaigns/c1/posts/p1/review') {
        server.campaign = owned([
          postOf({ review: 'approved', status: 'Publishing', reviews: [SENT, { ...SENT, action: 'approved' }] }),
        ]);
        return ok(server.campaign, REVIEW_MSG.approvedNow);
      }
      return undefined;
    });
    await user.click(within(await postRow(/Out in the snow/)).getByRole('button', { name: /^Review/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Review the post by Ana Silva' });
    await within(dialog).findByRole('region', { name: 'X preview' });
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText(REVIEW_MSG.approvedNow)).toBeTruthy();
    expect(calls.find((c) => c.path === 'campaigns/c1/posts/p1/review')?.body).toEqual({ approve: true });
    const row = await postRow(/Out in the snow/);
    await waitFor(() => expect(within(row).queryByText(REVIEW_MSG.awaitingLabel)).toBeNull());
    expect(within(row).queryByRole('button', { name: /^Review/ })).toBeNull();
    expect(screen.queryByTestId('awaiting-count')).toBeNull();
  });

  it('shows the server’s refusal in the dialog', async () => {
    const { user } = show('BRANDS', owned([postOf()]), (c) => {
      if (c.method === 'GET' && c.path === 'campaigns/c1/posts/p1') return ok(previewOf());
      if (c.path === 'campaigns/c1/posts/p1/review') return fail(400, REVIEW_MSG.notAwaiting);
      return undefined;
    });
    await user.click(within(await postRow(/Out in the snow/)).getByRole('button', { name: /^Review/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Review the post by Ana Silva' });
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    // said in the answer's bar, where the button was pressed
    expect((await within(within(dialog).getByTestId('review-actions')).findByRole('alert')).textContent).toContain(
      REVIEW_MSG.notAwaiting,
    );
  });

  it('keeps the answer in a bar at the dialog’s foot, after the previews, the history and the remark', async () => {
    const { user } = show('BRANDS', owned([postOf()]), (c) =>
      c.method === 'GET' && c.path === 'campaigns/c1/posts/p1' ? ok(previewOf()) : undefined,
    );
    await user.click(within(await postRow(/Out in the snow/)).getByRole('button', { name: /^Review/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Review the post by Ana Silva' });
    await within(dialog).findByRole('region', { name: 'X preview' });
    const bar = within(dialog).getByTestId('review-actions');
    expect(
      within(bar)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Ask for changes', 'Approve']);
    expect(within(bar).getByText('Approved, it goes out as its author meant it to.')).toBeTruthy();
    // the last thing in the dialog: everything read above it
    const remark = within(dialog).getByRole('textbox', { name: /Remark for the influencer/ });
    for (const above of [
      within(dialog).getByRole('region', { name: 'X preview' }),
      within(dialog).getByTestId('review-step'),
      remark,
    ])
      expect(above.compareDocumentPosition(bar) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    // the bar's Ask for changes sends the remark's form
    const ask = within(bar).getByRole('button', { name: 'Ask for changes' }) as HTMLButtonElement;
    expect(ask.type).toBe('submit');
    expect(ask.form).toBe(within(dialog).getByRole('form', { name: 'Your answer' }));
  });

  it('switches approval off and on, saying the server’s words', async () => {
    const { calls, user } = show('BRANDS', owned([]), (c) => {
      if (c.path !== 'campaigns/c1/approval') return undefined;
      const { required } = c.body as { required: boolean };
      server.campaign = owned([], { approvalRequired: required });
      return ok(server.campaign, required ? REVIEW_MSG.approvalOn : REVIEW_MSG.approvalOff);
    });
    const toggle = await screen.findByRole('switch', { name: /^Approve posts before they go out/ });
    expect((toggle as HTMLInputElement).checked).toBe(true);
    await user.click(toggle);
    expect((await screen.findAllByText(REVIEW_MSG.approvalOff)).length).toBeGreaterThan(0);
    await waitFor(() => expect((toggle as HTMLInputElement).checked).toBe(false));
    expect(calls.find((c) => c.path === 'campaigns/c1/approval')?.body).toEqual({ required: false });
  });
});

describe('the brand’s approval, seen by the influencer', { timeout: 30_000 }, () => {
  const mine = (posts: TCampaignPost[]) =>
    detailOf({
      myRole: 'accepted',
      approvalRequired: true,
      influencers: [detailOf().influencers[0]!],
      posts,
    });
  const sentBack = () =>
    postOf({ review: 'changes_requested', status: REVIEW_MSG.changesLabel, remark: ASKED.remark, reviews: [SENT, ASKED] });

  it('says a post awaits the owner’s approval, and offers nothing to do meanwhile', async () => {
    show('INFLUENCER', mine([postOf()]));
    const row = await postRow(/Out in the snow/);
    expect(within(row).getByText(REVIEW_MSG.awaitingLabel)).toBeTruthy();
    expect(within(row).getByText(/Waiting for Acme Brand’s approval/)).toBeTruthy();
    expect(within(row).queryByRole('button')).toBeNull();
  });

  it('shows the owner’s remark; Edit post opens the draft in the composer', async () => {
    const draft = { ...scheduledPost('p1', '2026-12-12T10:00:00.000Z'), IsDraft: true } as TPost;
    const { user } = show('INFLUENCER', mine([sentBack()]), (c) =>
      c.path === '/sph/drafts/get-draft-details/p1/' ? sph(draft, 'ok') : undefined,
    );
    const row = await postRow(/Out in the snow/);
    expect(within(row).getByText(REVIEW_MSG.changesLabel)).toBeTruthy();
    const remark = within(row).getByTestId('review-remark');
    expect(within(remark).getByText('Acme Brand asked for changes')).toBeTruthy();
    expect(within(remark).getByText(ASKED.remark)).toBeTruthy();
    await user.click(within(row).getByRole('button', { name: 'Edit post' }));
    await waitFor(() => expect(openCreatePost).toHaveBeenCalledWith(draft));
  });

  it('sends it for approval again, saying the server’s words', async () => {
    const { calls, user } = show('INFLUENCER', mine([sentBack()]), (c) => {
      if (c.path !== '/sph/social-media-manager/post-now/') return undefined;
      server.campaign = mine([postOf({ reviews: [SENT, ASKED, SENT] })]);
      return sph(
        { CommonPostID: 'p1', success: [], failure: [], pending: [], media_posted_on: [] },
        REVIEW_MSG.resent('Acme Brand'),
      );
    });
    await user.click(within(await postRow(/Out in the snow/)).getByRole('button', { name: 'Send for approval' }));
    expect(await screen.findByText(REVIEW_MSG.resent('Acme Brand'))).toBeTruthy();
    expect(calls.find((c) => c.path === '/sph/social-media-manager/post-now/')?.body).toEqual({ CommonPostID: 'p1' });
    const row = await postRow(/Out in the snow/);
    await waitFor(() => expect(within(row).getByText(REVIEW_MSG.awaitingLabel)).toBeTruthy());
    expect(within(row).queryByTestId('review-remark')).toBeNull();
  });

  it('says the server’s refusal of a sending', async () => {
    const { user } = show('INFLUENCER', mine([sentBack()]), (c) =>
      c.path === '/sph/social-media-manager/post-now/'
        ? { status: 400, body: { response_code: 400, response_message: REVIEW_MSG.waitingForOwner, response_data: null } }
        : undefined,
    );
    await user.click(within(await postRow(/Out in the snow/)).getByRole('button', { name: 'Send for approval' }));
    expect(await screen.findByText(REVIEW_MSG.waitingForOwner)).toBeTruthy();
  });
});
