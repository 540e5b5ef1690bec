import { screen, waitFor, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { CAMPAIGN_MSG, type TDeliverable, TERMS_MSG } from '@virality/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, ok } from '../../../testing';
import { ANA, BEN, CARA, detailOf, hit, termsOf } from '../lib/test-fixtures';
import { server, showCampaignPage } from './campaign-page.test-kit';

const show = showCampaignPage;

const rowOf = async (name: string) =>
  (await screen.findAllByTestId('influencer')).find((r) => within(r).queryByText(name)) as HTMLElement;

/** Chooses `option` in the select named `label` inside `scope` (Mantine's Select: open it, press the option). */
async function choose(user: ReturnType<typeof userEvent.setup>, scope: HTMLElement, label: RegExp, option: string) {
  await user.click(within(scope).getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

const optionsOf = async (user: ReturnType<typeof userEvent.setup>, scope: HTMLElement, label: RegExp) => {
  await user.click(within(scope).getByRole('combobox', { name: label }));
  const names = (await screen.findAllByRole('option')).map((o) => o.textContent);
  await user.keyboard('{Escape}');
  return names;
};

/** The owner's campaign: Ana accepted and agreed to her terms, Ben is waiting on his, Cara has none. */
const owned = () =>
  detailOf({
    influencers: [
      {
        user: ANA,
        status: 'accepted',
        invitedAt: '2026-11-20T10:00:00.000Z',
        answeredAt: '2026-11-21T10:00:00.000Z',
        paid: 0,
        terms: termsOf({ agreedAt: '2026-11-21T10:00:00.000Z' }),
        delivery: null,
      },
      {
        user: BEN,
        status: 'invited',
        invitedAt: '2026-11-20T10:00:00.000Z',
        answeredAt: null,
        paid: 0,
        terms: termsOf({ fee: 0 }),
        delivery: null,
      },
      {
        user: CARA,
        status: 'invited',
        invitedAt: '2026-11-20T10:00:00.000Z',
        answeredAt: null,
        paid: 0,
        terms: null,
        delivery: null,
      },
    ],
  });

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-12-10T12:00:00Z') });
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('terms, seen by the campaign’s owner', { timeout: 30_000 }, () => {
  it('shows each influencer’s deliverables in words, the fee and whether they agreed', async () => {
    show('BRANDS', owned());
    const ana = await rowOf('Ana Silva');
    expect(within(ana).getByText('2 Instagram reels by Dec 20, 2026')).toBeTruthy();
    expect(within(ana).getByText('1 TikTok post by Dec 24, 2026')).toBeTruthy();
    expect(within(ana).getByText('$400.00')).toBeTruthy();
    expect(within(ana).getByText('Agreed')).toBeTruthy();
    expect(within(ana).getByLabelText('Instagram')).toBeTruthy();
    expect(within(ana).getByRole('button', { name: 'Edit terms for Ana Silva' })).toBeTruthy();
    const ben = await rowOf('Ben Okafor');
    expect(within(ben).getByText('Waiting for answer')).toBeTruthy();
    expect(within(within(ben).getByTestId('terms-summary')).getByText('$0.00')).toBeTruthy();
    const cara = await rowOf('Cara Diaz');
    expect(within(cara).getByText('No terms set')).toBeTruthy();
    expect(within(cara).getByRole('button', { name: 'Set terms for Cara Diaz' })).toBeTruthy();
  });

  it('checks the terms with the domain’s words before sending anything', async () => {
    const { calls, user } = show('BRANDS', owned());
    await user.click(within(await rowOf('Cara Diaz')).getByRole('button', { name: 'Set terms for Cara Diaz' }));
    const dialog = await screen.findByRole('dialog', { name: 'Terms for Cara Diaz' });
    await user.click(within(dialog).getByRole('button', { name: 'Save terms' }));
    expect(within(dialog).getByText(TERMS_MSG.networkRequired)).toBeTruthy();
    expect(within(dialog).getByText(TERMS_MSG.feeRequired)).toBeTruthy();
    // the first field in error takes the focus
    await waitFor(() => expect(document.activeElement).toBe(within(dialog).getByRole('combobox', { name: /^Network/ })));

    const first = within(dialog).getByRole('group', { name: 'Deliverable 1' });
    await choose(user, first, /^Network/, 'X');
    expect(await optionsOf(user, first, /^Post type/)).toEqual(['Post']);
    await choose(user, first, /^Network/, 'Instagram');
    expect(await optionsOf(user, first, /^Post type/)).toEqual(['Post', 'Story', 'Reel']);
    await choose(user, first, /^Post type/, 'Reel');

    await user.click(within(dialog).getByRole('button', { name: 'Add deliverable' }));
    const second = within(dialog).getByRole('group', { name: 'Deliverable 2' });
    await choose(user, second, /^Network/, 'Instagram');
    await choose(user, second, /^Post type/, 'Reel');
    expect(within(second).getByText(TERMS_MSG.duplicate)).toBeTruthy();
    await user.clear(within(second).getByRole('textbox', { name: /^Count/ }));
    expect(within(second).getByText(TERMS_MSG.countInvalid)).toBeTruthy();

    await user.type(within(dialog).getByRole('textbox', { name: /^Fee \(USD\)/ }), '1000.01');
    expect(within(dialog).getByText(TERMS_MSG.feeOverBudget)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Save terms' }));
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);

    // the second row taken away, the terms are whole
    await user.click(within(second).getByRole('button', { name: 'Remove deliverable 2' }));
    expect(within(dialog).queryByRole('group', { name: 'Deliverable 2' })).toBeNull();
    expect(within(dialog).queryByText(TERMS_MSG.duplicate)).toBeNull();
  });

  it('saves with PUT and says the server’s words: an influencer who had answered is asked again', async () => {
    const asked = owned();
    asked.influencers[0] = {
      ...asked.influencers[0]!,
      status: 'invited',
      answeredAt: null,
      terms: termsOf({ fee: 450, setAt: '2026-12-10T12:00:00.000Z' }),
      delivery: null,
    };
    const { calls, user } = show('BRANDS', owned(), (c) => {
      if (c.method !== 'PUT' || c.path !== 'campaigns/c1/influencers/i1/terms') return undefined;
      server.campaign = asked;
      return ok(asked, TERMS_MSG.savedAskAgain('Ana Silva'));
    });
    await user.click(within(await rowOf('Ana Silva')).getByRole('button', { name: 'Edit terms for Ana Silva' }));
    const dialog = await screen.findByRole('dialog', { name: 'Terms for Ana Silva' });
    expect(within(dialog).getByText(/Ana Silva has accepted: saving new terms asks them to answer again/)).toBeTruthy();
    expect(within(dialog).getAllByTestId('deliverable')).toHaveLength(2);
    const fee = within(dialog).getByRole('textbox', { name: /^Fee \(USD\)/ });
    await user.clear(fee);
    await user.type(fee, '450');
    await user.click(within(dialog).getByRole('button', { name: 'Save terms' }));
    expect(await screen.findByText(TERMS_MSG.savedAskAgain('Ana Silva'))).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Terms for Ana Silva' })).toBeNull());
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      deliverables: [
        { network: 'instagram', postType: 'reel', count: 2, dueDate: '2026-12-20' },
        { network: 'tiktok', postType: 'post', count: 1, dueDate: '2026-12-24' },
      ],
      fee: '450',
    });
    const ana = await rowOf('Ana Silva');
    expect(within(ana).getByText('$450.00')).toBeTruthy();
    expect(within(ana).getByText('Waiting for answer')).toBeTruthy();
    expect(within(ana).getByText('Invited')).toBeTruthy();
  });

  it('shows the server’s refusal under the fields it names, and what names no field above them', async () => {
    let answer = fail(400, TERMS_MSG.dueDateOutside, {
      errors: { 'deliverables.1.dueDate': TERMS_MSG.dueDateOutside, fee: TERMS_MSG.feeOverBudget },
    });
    const { user } = show('BRANDS', owned(), (c) => (c.method === 'PUT' ? answer : undefined));
    await user.click(within(await rowOf('Ben Okafor')).getByRole('button', { name: 'Edit terms for Ben Okafor' }));
    const dialog = await screen.findByRole('dialog', { name: 'Terms for Ben Okafor' });
    await user.click(within(dialog).getByRole('button', { name: 'Save terms' }));
    const second = within(dialog).getByRole('group', { name: 'Deliverable 2' });
    expect(await within(second).findByText(TERMS_MSG.dueDateOutside)).toBeTruthy();
    expect(within(dialog).getByText(TERMS_MSG.feeOverBudget)).toBeTruthy();
    expect(within(dialog).queryByTestId('form-error')).toBeNull();
    // a field changed drops the server's words about it
    await user.type(within(dialog).getByRole('textbox', { name: /^Fee \(USD\)/ }), '5');
    expect(within(dialog).queryByText(TERMS_MSG.feeOverBudget)).toBeNull();

    answer = fail(400, CAMPAIGN_MSG.ended);
    await user.click(within(dialog).getByRole('button', { name: 'Save terms' }));
    expect((await within(dialog).findByTestId('form-error')).textContent).toContain(CAMPAIGN_MSG.ended);
  });

  it('offers terms with a tag, folded away until asked for', async () => {
    const { calls, user } = show('BRANDS', owned(), (c) => {
      if (c.path === 'campaigns/influencers/search') return ok([hit({ ...BEN, _id: 'i4', name: 'Dan Li', userName: 'dan' })]);
      if (c.path === 'campaigns/c1/tag') return ok(server.campaign);
      return undefined;
    });
    await user.click(await screen.findByRole('button', { name: 'Tag influencers' }));
    const dialog = await screen.findByRole('dialog', { name: 'Tag influencers' });
    const offer = within(dialog).getByRole('button', { name: /Offer terms/ });
    expect(offer.getAttribute('aria-expanded')).toBe('false');
    expect(within(dialog).queryByRole('group', { name: 'Deliverable 1' })).toBeNull();
    await user.type(within(dialog).getByRole('textbox', { name: /^Find influencers/ }), 'da');
    await user.click(await within(dialog).findByRole('button', { name: 'Add Dan Li @dan' }));
    await user.click(offer);
    expect(offer.getAttribute('aria-expanded')).toBe('true');
    // terms asked for are checked like any others
    await user.click(within(dialog).getByRole('button', { name: 'Tag influencer' }));
    expect(within(dialog).getByText(TERMS_MSG.networkRequired)).toBeTruthy();
    expect(calls.filter((c) => c.path === 'campaigns/c1/tag')).toHaveLength(0);
    const row = within(dialog).getByRole('group', { name: 'Deliverable 1' });
    await choose(user, row, /^Network/, 'Facebook');
    await choose(user, row, /^Post type/, 'Story');
    const count = within(row).getByRole('textbox', { name: /^Count/ });
    await user.clear(count);
    await user.type(count, '3');
    await user.type(within(dialog).getByRole('textbox', { name: /^Fee \(USD\)/ }), '250');
    await user.click(within(dialog).getByRole('button', { name: 'Tag influencer' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Tag influencers' })).toBeNull());
    expect(calls.find((c) => c.path === 'campaigns/c1/tag')?.body).toEqual({
      influencerIds: ['i4'],
      terms: {
        deliverables: [{ network: 'facebook', postType: 'story', count: 3, dueDate: '2026-12-31' }],
        fee: '250',
      },
    });
  });
});

describe('delivery, seen by the campaign’s owner', { timeout: 30_000 }, () => {
  const delivered = (complete: boolean) => {
    const c = owned();
    const terms = c.influencers[0]!.terms!;
    c.influencers[0] = {
      ...c.influencers[0]!,
      delivery: {
        items: terms.deliverables.map((d, i) => ({
          ...d,
          done: complete || i === 0 ? d.count : 0,
          state: complete || i === 0 ? ('done' as const) : ('late' as const),
        })),
        complete,
        completedAt: complete ? '2026-12-21T10:00:00.000Z' : null,
        feeDue: 250,
      },
    };
    return c;
  };

  it('says how the deliverables stand, the late ones in the late colour, and asks no fee before everything is delivered', async () => {
    show('BRANDS', delivered(false));
    const ana = await rowOf('Ana Silva');
    const line = within(ana).getByTestId('delivery');
    expect(line.textContent).toContain('Delivered 1 of 2 done · 1 late');
    expect((within(line).getByText('1 late') as HTMLElement).style.color).toBe('rgb(180, 35, 24)');
    expect(screen.queryByTestId('fee-due')).toBeNull();
  });

  it('all delivered: the row says so, and the fee is paid from the prompt at the top, the one way to pay it', async () => {
    const { user } = show('BRANDS', delivered(true));
    const ana = await rowOf('Ana Silva');
    expect(within(ana).getByTestId('delivery').textContent).toBe('All delivered');
    // the row keeps its Pay (any amount), and offers no second way to pay the fee
    expect(
      within(ana)
        .getAllByRole('button', { name: /Pay/ })
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual(['Pay Ana Silva']);
    expect(screen.queryByRole('button', { name: /Pay the fee/ })).toBeNull();
    const prompt = screen.getByRole('region', { name: 'Fee due to Ana Silva' });
    await user.click(within(prompt).getByRole('button', { name: 'Pay $250.00 to Ana Silva' }));
    const dialog = await screen.findByRole('dialog', { name: /Pay Ana Silva/ });
    expect((within(dialog).getByRole('textbox', { name: /Amount/ }) as HTMLInputElement).value).toBe('$250');
  });

  it('the row’s Pay opens the payment with no amount filled in', async () => {
    const { user } = show('BRANDS', delivered(true));
    await user.click(within(await rowOf('Ana Silva')).getByRole('button', { name: 'Pay Ana Silva' }));
    const dialog = await screen.findByRole('dialog', { name: /Pay Ana Silva/ });
    expect((within(dialog).getByRole('textbox', { name: /Amount/ }) as HTMLInputElement).value).toBe('');
  });
});

describe('terms, seen by the tagged influencer', { timeout: 30_000 }, () => {
  const mine = (status: 'invited' | 'accepted', terms = termsOf()) =>
    detailOf({
      myRole: status,
      influencers: [
        { user: ANA, status, invitedAt: '2026-11-20T10:00:00.000Z', answeredAt: null, paid: 0, terms, delivery: null },
      ],
    });

  it('shows the terms in words above Accept and Decline, and accepting agrees to the terms read', async () => {
    const { calls, user } = show('INFLUENCER', mine('invited'), (c) => {
      if (c.path !== 'campaigns/c1/respond') return undefined;
      server.campaign = mine('accepted', termsOf({ agreedAt: '2026-12-10T12:00:00.000Z' }));
      return ok(server.campaign, CAMPAIGN_MSG.accepted);
    });
    const card = await screen.findByTestId('your-terms');
    expect(screen.getByRole('heading', { level: 2, name: 'Your terms' })).toBeTruthy();
    expect(within(card).getByText('2 Instagram reels by Dec 20, 2026')).toBeTruthy();
    expect(within(card).getByText('1 TikTok post by Dec 24, 2026')).toBeTruthy();
    expect(within(card).getByTestId('terms-fee').textContent).toBe('$400.00');
    // the answer is given where the terms are read, under them: nowhere else
    const accept = screen.getByRole('button', { name: 'Accept Winter launch' });
    expect(card.contains(accept)).toBe(true);
    expect(within(card).getByText('1 TikTok post by Dec 24, 2026').compareDocumentPosition(accept)).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    );
    expect(screen.getAllByRole('button', { name: /^Accept/ })).toHaveLength(1);
    expect(within(card).getByRole('button', { name: 'Decline Winter launch' })).toBeTruthy();
    // the terms card comes before the campaign's other sections
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings[0]).toBe('Your terms');

    await user.click(accept);
    expect(await screen.findByText(CAMPAIGN_MSG.accepted)).toBeTruthy();
    expect(calls.find((c) => c.path === 'campaigns/c1/respond')?.body).toEqual({
      accept: true,
      termsAt: '2026-11-20T10:00:00.000Z',
    });
    expect(await within(card).findByText('You agreed to these terms on Dec 10, 2026.')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Your terms' })).getByText('Agreed')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Accept/ })).toBeNull();
  });

  it('terms changed meanwhile: the server’s words, the campaign read again, and the new terms accepted', async () => {
    const changed = termsOf({ fee: 450, setAt: '2026-12-10T11:00:00.000Z' });
    const { calls, user } = show('INFLUENCER', mine('invited'), (c) => {
      if (c.path !== 'campaigns/c1/respond') return undefined;
      const body = c.body as { termsAt?: string };
      if (body.termsAt !== changed.setAt) {
        server.campaign = mine('invited', changed);
        return fail(409, TERMS_MSG.changedSinceRead);
      }
      server.campaign = mine('accepted', { ...changed, agreedAt: '2026-12-10T12:00:00.000Z' });
      return ok(server.campaign);
    });
    await user.click(await screen.findByRole('button', { name: 'Accept Winter launch' }));
    const card = screen.getByTestId('your-terms');
    expect((await within(card).findByRole('alert')).textContent).toContain(TERMS_MSG.changedSinceRead);
    await waitFor(() => expect(within(card).getByTestId('terms-fee').textContent).toBe('$450.00'));
    await user.click(within(card).getByRole('button', { name: 'Accept Winter launch' }));
    expect(await within(card).findByText('You agreed to these terms on Dec 10, 2026.')).toBeTruthy();
    expect(calls.filter((c) => c.path === 'campaigns/c1/respond').map((c) => (c.body as { termsAt: string }).termsAt)).toEqual([
      '2026-11-20T10:00:00.000Z',
      changed.setAt,
    ]);
  });

  it('without terms, answers in the header as before; terms set meanwhile are shown, not agreed', async () => {
    const { user } = show('INFLUENCER', mine('invited', null as never), (c) => {
      if (c.path !== 'campaigns/c1/respond') return undefined;
      server.campaign = mine('invited');
      return fail(409, TERMS_MSG.changedSinceRead);
    });
    expect(screen.queryByTestId('your-terms')).toBeNull();
    await user.click(await screen.findByRole('button', { name: 'Accept Winter launch' }));
    const card = await screen.findByTestId('your-terms');
    expect(within(card).getByText('2 Instagram reels by Dec 20, 2026')).toBeTruthy();
    expect(within(card).getByRole('alert').textContent).toContain(TERMS_MSG.changedSinceRead);
  });
});

describe('delivery, seen by the influencer who accepted', { timeout: 30_000 }, () => {
  /** Ana accepted her terms: her reels one of two done and late, her TikTok post done (or everything, `complete`). */
  const accepted = (complete: boolean, status: 'accepted' | 'invited' = 'accepted') => {
    const terms = termsOf({ agreedAt: '2026-11-21T10:00:00.000Z' });
    const [reels, tiktok] = terms.deliverables as [TDeliverable, TDeliverable];
    return detailOf({
      myRole: status,
      influencers: [
        {
          user: ANA,
          status,
          invitedAt: '2026-11-20T10:00:00.000Z',
          answeredAt: '2026-11-21T10:00:00.000Z',
          paid: 0,
          terms,
          delivery: {
            items: [
              { ...reels, done: complete ? 2 : 1, state: complete ? 'done' : 'late' },
              { ...tiktok, done: 1, state: 'done' },
            ],
            complete,
            completedAt: complete ? '2026-12-21T10:00:00.000Z' : null,
            feeDue: 400,
          },
        },
      ],
    });
  };
  const progressOf = (card: HTMLElement, words: string) =>
    (within(card).getByText(words).closest('li') as HTMLElement).querySelector('[data-testid="deliverable-progress"]')
      ?.textContent;

  it('shows under each deliverable how many are done, the late one in the late colour, and the whole as the owner sees it', async () => {
    show('INFLUENCER', accepted(false));
    const card = await screen.findByTestId('your-terms');
    expect(progressOf(card, '2 Instagram reels by Dec 20, 2026')).toBe('1 of 2 done · late');
    expect(progressOf(card, '1 TikTok post by Dec 24, 2026')).toBe('1 of 1 done');
    expect((within(card).getByText('late') as HTMLElement).style.color).toBe('rgb(180, 35, 24)');
    expect(within(card).getByTestId('delivery').textContent).toBe('Delivered 1 of 2 done · 1 late');
    // what is left to pay is the owner's business: the influencer is offered nothing to pay, nor a fee prompt
    expect(screen.queryByTestId('fee-due')).toBeNull();
    expect(screen.queryByRole('button', { name: /Pay/ })).toBeNull();
  });

  it('says All delivered once every deliverable is done', async () => {
    show('INFLUENCER', accepted(true));
    const card = await screen.findByTestId('your-terms');
    expect(within(card).getByTestId('delivery').textContent).toBe('All delivered');
    expect(
      within(card)
        .getAllByTestId('deliverable-progress')
        .map((p) => p.textContent),
    ).toEqual(['2 of 2 done', '1 of 1 done']);
    expect(within(card).getByText('You agreed to these terms on Nov 21, 2026.')).toBeTruthy();
  });

  it('shows no progress before the campaign is accepted', async () => {
    show('INFLUENCER', accepted(false, 'invited'));
    const card = await screen.findByTestId('your-terms');
    expect(within(card).getByRole('button', { name: 'Accept Winter launch' })).toBeTruthy();
    expect(within(card).queryByTestId('delivery')).toBeNull();
    expect(within(card).queryByTestId('deliverable-progress')).toBeNull();
  });
});
