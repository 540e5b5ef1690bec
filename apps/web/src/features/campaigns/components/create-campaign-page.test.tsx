import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CAMPAIGN_MAX_INFLUENCERS, CAMPAIGN_MSG } from '@virality/domain';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fail, mockFetch, ok, renderPage, storeSession, type TMockCall } from '../../../testing';
import { ANA, BEN, detailOf, hit } from '../lib/test-fixtures';
import { CreateCampaignPage } from './create-campaign-page';
import { SEARCH_DEBOUNCE_MS } from './influencer-picker';

const TODAY = '2026-12-10';

function show(handler: (c: TMockCall) => ReturnType<typeof ok> | ReturnType<typeof fail> | undefined = () => undefined) {
  storeSession('BRANDS');
  const calls = mockFetch((c) => {
    if (c.path === 'campaigns/influencers/search') {
      const q = c.query.get('q') ?? '';
      return ok([hit(ANA), hit(BEN)].filter((p) => p.userName?.startsWith(q) || p.name?.toLowerCase().startsWith(q)));
    }
    return handler(c);
  });
  const user = userEvent.setup();
  renderPage('/createcampaignb', <CreateCampaignPage today={TODAY} />);
  return { calls, user };
}

const form = () => screen.getByRole('form', { name: 'Create Campaign' });
const submit = () => within(form()).getByRole('button', { name: 'Create Campaign' });
const creates = (calls: TMockCall[]) => calls.filter((c) => c.path === 'campaigns/create');

async function pickDay(user: ReturnType<typeof userEvent.setup>, field: 'Start date' | 'End date', day: string) {
  await user.click(screen.getByRole('button', { name: new RegExp(`^${field}`) }));
  await user.click(await screen.findByRole('button', { name: day }));
}

async function fillValid(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByRole('textbox', { name: 'Campaign name' }), 'Winter launch');
  await user.type(screen.getByRole('textbox', { name: /^Brief/ }), 'Show the new coat outdoors.');
  await user.type(screen.getByRole('textbox', { name: 'Budget (USD)' }), '1500.5');
  await pickDay(user, 'Start date', '12 December 2026');
  await pickDay(user, 'End date', '31 December 2026');
}

beforeAll(() => {
  // jsdom has no font loading API (the brief's autosize listens to it)
  if (!('fonts' in document))
    Object.defineProperty(document, 'fonts', {
      value: { addEventListener() {}, removeEventListener() {} },
      configurable: true,
    });
});

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('the Create Campaign form', { timeout: 30_000 }, () => {
  it('says what each empty field needs, in the server’s words, and sends nothing', async () => {
    const { calls, user } = show();
    await user.click(submit());
    for (const words of [
      CAMPAIGN_MSG.nameRequired,
      CAMPAIGN_MSG.briefRequired,
      CAMPAIGN_MSG.budgetRequired,
      CAMPAIGN_MSG.startRequired,
      CAMPAIGN_MSG.endRequired,
    ])
      expect(within(form()).getByText(words)).toBeTruthy();
    expect(creates(calls)).toHaveLength(0);
  });

  it('keeps a budget from 1 to 1,000,000 USD', async () => {
    const { user } = show();
    const budget = screen.getByRole('textbox', { name: 'Budget (USD)' });
    await user.type(budget, '0.5');
    await user.tab();
    expect(within(form()).getByText(CAMPAIGN_MSG.budgetMin)).toBeTruthy();
    await user.clear(budget);
    await user.type(budget, '1000000.01');
    expect(within(form()).getByText(CAMPAIGN_MSG.budgetMax)).toBeTruthy();
    await user.clear(budget);
    // a third decimal cannot be typed
    await user.type(budget, '12.345');
    expect((budget as HTMLInputElement).value).toBe('$12.34');
    expect(within(form()).queryByText(CAMPAIGN_MSG.budgetMax)).toBeNull();
  });

  it('offers no day before today, and an end before the start gets the server’s words', async () => {
    const { user } = show();
    await user.click(screen.getByRole('button', { name: /^Start date/ }));
    expect((await screen.findByRole('button', { name: '9 December 2026' })).hasAttribute('disabled')).toBe(true);
    await user.click(screen.getByRole('button', { name: '20 December 2026' }));
    await pickDay(user, 'End date', '31 December 2026');
    expect(within(form()).queryByText(CAMPAIGN_MSG.endBeforeStart)).toBeNull();
    // the start moved after the end
    await user.click(screen.getByRole('button', { name: /^Start date/ }));
    await user.click(await screen.findByRole('button', { name: '15 December 2026' }));
    await pickDay(user, 'End date', '12 December 2026');
    expect(within(form()).getByText(CAMPAIGN_MSG.endBeforeStart)).toBeTruthy();
  });

  it('counts the brief’s characters', async () => {
    const { user } = show();
    expect(screen.getByText('0 / 2000')).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: /^Brief/ }), 'Coats');
    expect(screen.getByText('5 / 2000')).toBeTruthy();
  });

  it('searches influencers from the second character only, and the chosen ones can be removed', async () => {
    const { calls, user } = show();
    const box = screen.getByRole('textbox', { name: /^Tag influencers/ });
    await user.type(box, 'a');
    await act(() => new Promise((r) => setTimeout(r, SEARCH_DEBOUNCE_MS + 50)));
    expect(calls.filter((c) => c.path === 'campaigns/influencers/search')).toHaveLength(0);
    expect(screen.getByText('Type at least 2 characters to search.')).toBeTruthy();
    await user.type(box, 'n');
    const found = await screen.findByRole('list', { name: 'Influencers found' });
    expect(calls.filter((c) => c.path === 'campaigns/influencers/search').map((c) => c.query.get('q'))).toEqual(['an']);
    expect(within(found).getByText('Ana Silva')).toBeTruthy();
    expect(within(found).getByText('@ana')).toBeTruthy();
    await user.click(within(found).getByRole('button', { name: 'Add Ana Silva @ana' }));
    const chosen = screen.getByRole('list', { name: 'Chosen influencers' });
    expect(within(chosen).getByText(/Ana Silva/)).toBeTruthy();
    expect(screen.getByText(`1 of ${CAMPAIGN_MAX_INFLUENCERS} chosen`)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Remove Ana Silva' }));
    expect(screen.queryByRole('list', { name: 'Chosen influencers' })).toBeNull();
  });

  it('creates the campaign with the browser’s time zone and the tagged ids, says so and opens it', async () => {
    const { calls, user } = show((c) => (c.path === 'campaigns/create' ? ok(detailOf({ _id: 'c9' })) : undefined));
    await fillValid(user);
    await user.type(screen.getByRole('textbox', { name: /^Tag influencers/ }), 'be');
    await user.click(await screen.findByRole('button', { name: 'Add Ben Okafor @ben' }));
    await user.click(submit());
    expect((await screen.findByTestId('location')).textContent).toBe('/campaign/c9');
    expect(await screen.findByText(CAMPAIGN_MSG.created)).toBeTruthy();
    const [sent] = creates(calls);
    expect(sent?.method).toBe('POST');
    expect(sent?.body).toEqual({
      name: 'Winter launch',
      brief: 'Show the new coat outdoors.',
      budget: '1500.5',
      startDate: '2026-12-12',
      endDate: '2026-12-31',
      influencerIds: [BEN._id],
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
  });

  it('shows the server’s refusal above the form and stays on it', async () => {
    const { calls, user } = show((c) => (c.path === 'campaigns/create' ? fail(400, CAMPAIGN_MSG.startInPast) : undefined));
    await fillValid(user);
    await user.click(submit());
    const alert = await within(form()).findByRole('alert');
    expect(alert.textContent).toContain(CAMPAIGN_MSG.startInPast);
    expect(creates(calls)).toHaveLength(1);
    expect(screen.queryByTestId('location')).toBeNull();
    // a second try is possible
    expect(submit().hasAttribute('disabled')).toBe(false);
  });

  it('sends nothing while a field is wrong even after the others are right', async () => {
    const { calls, user } = show();
    await fillValid(user);
    await user.clear(screen.getByRole('textbox', { name: 'Campaign name' }));
    await user.click(submit());
    expect(within(form()).getByText(CAMPAIGN_MSG.nameRequired)).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Campaign name' })));
    expect(creates(calls)).toHaveLength(0);
  });
});
