import { screen, waitFor, within } from '@testing-library/react';
import { CAMPAIGN_MSG, MONEY_MSG } from '@virality/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, ok } from '../../../testing';
import { openCreatePost } from '../../posts/lib/composer-store';
import { navigateAway } from '../lib/navigate-away';
import { ANA, BEN, BRAND, detailOf, hit } from '../lib/test-fixtures';
import { server, showCampaignPage } from './campaign-page.test-kit';

vi.mock('../lib/navigate-away', () => ({ navigateAway: vi.fn() }));
vi.mock('../../posts/lib/composer-store', async (original) => ({
  ...(await original<typeof import('../../posts/lib/composer-store')>()),
  openCreatePost: vi.fn(),
}));

const show = showCampaignPage;

const rowOf = async (name: string) =>
  (await screen.findAllByTestId('influencer')).find((r) => within(r).queryByText(name)) as HTMLElement;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-12-10T12:00:00Z') });
});
afterEach(() => {
  vi.mocked(navigateAway).mockReset();
  vi.mocked(openCreatePost).mockReset();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('a campaign, seen by its owner', { timeout: 30_000 }, () => {
  it('shows its days, status, budget spent and left, and each influencer’s answer and pay', async () => {
    show('BRANDS', detailOf());
    expect(await screen.findByRole('heading', { level: 1, name: 'Winter launch' })).toBeTruthy();
    expect(screen.getAllByText('Dec 1 – Dec 31, 2026').length).toBeGreaterThan(0);
    expect(screen.getByText('Running')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Budget spent: $250.00 of $1,000.00, $750.00 left' })).toBeTruthy();
    const ana = await rowOf('Ana Silva');
    expect(within(ana).getByText('Accepted')).toBeTruthy();
    expect(within(ana).getByText('$250.00')).toBeTruthy();
    expect(within(await rowOf('Ben Okafor')).getByText('Invited')).toBeTruthy();
    expect(within(await rowOf('Cara Diaz')).getByText('Declined')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Campaigns' }).getAttribute('href')).toBe('/campaigns');
  });

  it('offers Pay to accepted influencers only', async () => {
    show('BRANDS', detailOf());
    expect(within(await rowOf('Ana Silva')).getByRole('button', { name: 'Pay Ana Silva' })).toBeTruthy();
    expect(within(await rowOf('Ben Okafor')).queryByRole('button', { name: /Pay/ })).toBeNull();
    expect(within(await rowOf('Cara Diaz')).queryByRole('button', { name: /Pay/ })).toBeNull();
  });

  it('keeps a payment from 1 USD up to what is left, and sends none outside it', async () => {
    const { calls, user } = show('BRANDS', detailOf());
    await user.click(within(await rowOf('Ana Silva')).getByRole('button', { name: 'Pay Ana Silva' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pay Ana Silva' });
    expect(within(dialog).getByText('You will approve the payment on PayPal.')).toBeTruthy();
    const amount = within(dialog).getByRole('textbox', { name: /^Amount \(USD\)/ });
    await user.click(within(dialog).getByRole('button', { name: 'Continue to PayPal' }));
    expect(within(dialog).getByText(MONEY_MSG.amountRequired)).toBeTruthy();
    await user.type(amount, '0.99');
    expect(within(dialog).getByText(MONEY_MSG.paymentMin)).toBeTruthy();
    await user.clear(amount);
    await user.type(amount, '750.01');
    expect(within(dialog).getByText(MONEY_MSG.overBudget)).toBeTruthy();
    await user.clear(amount);
    await user.type(amount, '1.999');
    expect((amount as HTMLInputElement).value).toBe('$1.99');
    expect(calls.filter((c) => c.path === 'payments/createOrder')).toHaveLength(0);
  });

  it('starts the PayPal order and goes to PayPal to approve it', async () => {
    const { calls, user } = show('BRANDS', detailOf(), (c) =>
      c.path === 'payments/createOrder'
        ? ok({ _id: 't1', orderId: 'O-1', approveUrl: 'https://paypal.example/approve?token=O-1' })
        : undefined,
    );
    await user.click(within(await rowOf('Ana Silva')).getByRole('button', { name: 'Pay Ana Silva' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pay Ana Silva' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Amount \(USD\)/ }), '750');
    await user.click(within(dialog).getByRole('button', { name: 'Continue to PayPal' }));
    await waitFor(() => expect(navigateAway).toHaveBeenCalledWith('https://paypal.example/approve?token=O-1'));
    expect(calls.find((c) => c.path === 'payments/createOrder')?.body).toEqual({
      campaignId: 'c1',
      influencerId: ANA._id,
      amount: '750',
    });
  });

  it('shows the server’s refusal of a payment in the dialog', async () => {
    const { user } = show('BRANDS', detailOf(), (c) =>
      c.path === 'payments/createOrder' ? fail(400, MONEY_MSG.paypalUnavailable) : undefined,
    );
    await user.click(within(await rowOf('Ana Silva')).getByRole('button', { name: 'Pay Ana Silva' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pay Ana Silva' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Amount \(USD\)/ }), '20');
    await user.click(within(dialog).getByRole('button', { name: 'Continue to PayPal' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain(MONEY_MSG.paypalUnavailable);
    expect(navigateAway).not.toHaveBeenCalled();
  });

  it('tags more influencers, never offering those already tagged', async () => {
    const tagged = detailOf({
      influencers: [
        ...detailOf().influencers,
        {
          user: { ...BRAND, _id: 'i4', name: 'Dan Li', userName: 'dan' },
          status: 'invited',
          invitedAt: '',
          answeredAt: null,
          paid: 0,
          terms: null,
          delivery: null,
        },
      ],
    });
    const { calls, user } = show('BRANDS', detailOf(), (c) => {
      if (c.path === 'campaigns/influencers/search')
        return ok([hit(ANA), hit({ ...BEN, _id: 'i4', name: 'Dan Li', userName: 'dan' })]);
      if (c.path === 'campaigns/c1/tag') {
        server.campaign = tagged;
        return ok(tagged);
      }
      return undefined;
    });
    await user.click(await screen.findByRole('button', { name: 'Tag influencers' }));
    const dialog = await screen.findByRole('dialog', { name: 'Tag influencers' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Find influencers/ }), 'an');
    expect((await within(dialog).findByRole('button', { name: 'Ana Silva @ana Tagged' })).hasAttribute('disabled')).toBe(true);
    await user.click(within(dialog).getByRole('button', { name: 'Add Dan Li @dan' }));
    await user.click(within(dialog).getByRole('button', { name: 'Tag influencer' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Tag influencers' })).toBeNull());
    expect(calls.find((c) => c.path === 'campaigns/c1/tag')?.body).toEqual({ influencerIds: ['i4'] });
    expect(await screen.findByText(CAMPAIGN_MSG.tagged)).toBeTruthy();
    expect(await rowOf('Dan Li')).toBeTruthy();
  });

  it('lists the posts made for it and its payments, failed in red words, completed and pending in theirs', async () => {
    show(
      'BRANDS',
      detailOf({
        posts: [
          {
            _id: 'p1',
            caption: 'Out in the snow with the new coat',
            author: ANA,
            networks: ['instagram', 'facebook'],
            status: 'published',
            scheduledAt: null,
            createdAt: '2026-12-05T10:00:00.000Z',
            review: null,
            remark: null,
            reviews: [],
          },
        ],
        payments: [
          { _id: 't1', amount: 250, paymentStatus: 'COMPLETED', receiver: ANA, date: '2026-12-06T10:00:00.000Z' },
          { _id: 't2', amount: 40, paymentStatus: 'DECLINED', receiver: ANA, date: '2026-12-07T10:00:00.000Z' },
          { _id: 't3', amount: 15, paymentStatus: 'PENDING', receiver: ANA, date: '2026-12-08T10:00:00.000Z' },
        ],
      }),
    );
    const post = await screen.findByTestId('campaign-post');
    expect(within(post).getByText('Out in the snow with the new coat')).toBeTruthy();
    expect(within(post).getByLabelText('Instagram')).toBeTruthy();
    expect(within(post).getByLabelText('Facebook')).toBeTruthy();
    expect(within(post).getByText('Posted')).toBeTruthy();
    const payments = screen.getAllByTestId('payment');
    expect(payments.map((p) => within(p).getByText(/^(Completed|Failed|Pending)$/).textContent)).toEqual([
      'Completed',
      'Failed',
      'Pending',
    ]);
    expect(within(payments[1] as HTMLElement).getByText('$40.00')).toBeTruthy();
  });

  it('leads its owner to the campaign’s report', async () => {
    show('BRANDS', detailOf());
    expect((await screen.findByRole('link', { name: 'Report' })).getAttribute('href')).toBe('/campaign/c1/report');
  });

  it('asks its owner first to pay the agreed fee of an influencer who delivered everything', async () => {
    const ana = detailOf().influencers[0]!;
    const delivered = detailOf({
      influencers: [
        { ...ana, delivery: { items: [], complete: true, completedAt: '2026-12-08T10:00:00.000Z', feeDue: 400 } },
        ...detailOf().influencers.slice(1),
      ],
    });
    const { user } = show('BRANDS', delivered);
    const prompt = await screen.findByRole('region', { name: 'Fee due to Ana Silva' });
    expect(prompt.textContent).toContain('Ana Silva delivered everything on Dec 8, 2026.');
    expect(prompt.textContent).toContain('Pay the agreed fee of $400.00.');
    // the first thing on the page, above the campaign's own cards
    const about = screen.getByRole('region', { name: 'About' });
    expect(prompt.compareDocumentPosition(about) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    await user.click(within(prompt).getByRole('button', { name: 'Pay $400.00 to Ana Silva' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pay Ana Silva' });
    expect((within(dialog).getByRole('textbox', { name: /Amount/ }) as HTMLInputElement).value).toBe('$400');
  });

  it('asks no fee of an influencer still delivering, nor of one paid in full', async () => {
    const ana = detailOf().influencers[0]!;
    const delivery = { items: [], completedAt: null };
    show(
      'BRANDS',
      detailOf({
        influencers: [
          { ...ana, delivery: { ...delivery, complete: false, feeDue: 400 } },
          { ...ana, user: { ...ana.user, _id: 'i9', name: 'Eve Paid' }, delivery: { ...delivery, complete: true, feeDue: 0 } },
        ],
      }),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Winter launch' })).toBeTruthy();
    expect(screen.queryByTestId('fee-due')).toBeNull();
  });

  it('says "Campaign not found" for a campaign that is not the caller’s', async () => {
    show('BRANDS', null);
    expect(await screen.findByRole('heading', { level: 2, name: CAMPAIGN_MSG.notFound })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Tag influencers' })).toBeNull();
  });
});

describe('a campaign, seen by a tagged influencer', { timeout: 30_000 }, () => {
  const mine = (status: 'invited' | 'accepted') =>
    detailOf({
      myRole: status,
      influencers: [
        { user: ANA, status, invitedAt: '2026-11-20T10:00:00.000Z', answeredAt: null, paid: 0, terms: null, delivery: null },
      ],
    });

  it('accepts an invitation at once', async () => {
    const { calls, user } = show('INFLUENCER', mine('invited'), (c) => {
      if (c.path !== 'campaigns/c1/respond') return undefined;
      server.campaign = mine('accepted');
      return ok(server.campaign);
    });
    await user.click(await screen.findByRole('button', { name: 'Accept Winter launch' }));
    expect(await screen.findByText(CAMPAIGN_MSG.accepted)).toBeTruthy();
    // no terms were read: an answer to terms set meanwhile would be refused
    expect(calls.find((c) => c.path === 'campaigns/c1/respond')?.body).toEqual({ accept: true, termsAt: '' });
    expect(await screen.findByRole('button', { name: 'Create a post for this campaign' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Pay/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Tag influencers' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Report' })).toBeNull();
  });

  it('sees no fee prompt, even with everything delivered and the fee unpaid', async () => {
    const done = mine('accepted');
    done.influencers[0] = {
      ...done.influencers[0]!,
      delivery: { items: [], complete: true, completedAt: '2026-12-08T10:00:00.000Z', feeDue: 400 },
    };
    show('INFLUENCER', done);
    expect(await screen.findByRole('button', { name: 'Create a post for this campaign' })).toBeTruthy();
    expect(screen.queryByTestId('fee-due')).toBeNull();
  });

  it('declines only after confirming', async () => {
    const { calls, user } = show('INFLUENCER', mine('invited'), (c) =>
      c.path === 'campaigns/c1/respond' ? ok({ ...mine('invited'), myRole: 'declined' }) : undefined,
    );
    await user.click(await screen.findByRole('button', { name: 'Decline Winter launch' }));
    const confirm = await screen.findByRole('dialog', { name: 'Decline this campaign?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(calls.filter((c) => c.path === 'campaigns/c1/respond')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Decline Winter launch' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Decline this campaign?' })).getByRole('button', { name: 'Decline' }),
    );
    expect(await screen.findByText(CAMPAIGN_MSG.declined)).toBeTruthy();
    expect(calls.find((c) => c.path === 'campaigns/c1/respond')?.body).toEqual({ accept: false });
  });

  it('shows the server’s refusal of an answer', async () => {
    const { user } = show('INFLUENCER', mine('invited'), (c) =>
      c.path === 'campaigns/c1/respond' ? fail(409, CAMPAIGN_MSG.alreadyAnswered) : undefined,
    );
    await user.click(await screen.findByRole('button', { name: 'Accept Winter launch' }));
    expect(await screen.findByText(CAMPAIGN_MSG.alreadyAnswered)).toBeTruthy();
  });

  it('once accepted, opens the composer with the campaign chosen', async () => {
    const { user } = show('INFLUENCER', mine('accepted'));
    await user.click(await screen.findByRole('button', { name: 'Create a post for this campaign' }));
    expect(openCreatePost).toHaveBeenCalledWith(null, { campaign: { id: 'c1', name: 'Winter launch' } });
    expect(screen.getByRole('link', { name: 'Tagged campaigns' }).getAttribute('href')).toBe('/tagged');
  });
});
