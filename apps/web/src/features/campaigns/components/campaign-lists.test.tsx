import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CAMPAIGN_MSG, type TCampaignList, TERMS_MSG } from '@virality/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, mockFetch, ok, renderPage, storeSession } from '../../../testing';
import { campaignOf, listOf } from '../lib/test-fixtures';
import { READ_TERMS_FIRST } from './campaign-card';
import { CampaignsPage } from './campaigns-page';
import { TAGGED_EMPTY, TaggedCampaignsPage } from './tagged-campaigns-page';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-12-10T12:00:00Z') });
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('the Campaigns list', { timeout: 30_000 }, () => {
  it('shows each campaign as a card: name, days, budget with spent and left, influencers accepted of tagged', async () => {
    storeSession('BRANDS');
    mockFetch((c) => (c.path === 'campaigns/list' ? ok(listOf([campaignOf()])) : undefined));
    renderPage('/campaigns', <CampaignsPage />);
    const card = await screen.findByTestId('campaign-card');
    expect(within(card).getByRole('link', { name: 'Winter launch' }).getAttribute('href')).toBe('/campaign/c1');
    expect(within(card).getByText('Dec 1 – Dec 31, 2026')).toBeTruthy();
    expect(within(card).getByText('$1,000.00')).toBeTruthy();
    expect(within(card).getByText('$750.00')).toBeTruthy();
    expect(within(card).getByText('1/3 influencers accepted')).toBeTruthy();
    expect(within(card).getByText('Running')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Create Campaign' }).getAttribute('href')).toBe('/createcampaignb');
  });

  it('reads the page the address names and moves between pages', async () => {
    storeSession('IMC');
    const calls = mockFetch((c) =>
      c.path === 'campaigns/list'
        ? ok(
            listOf([campaignOf({ _id: `c${c.query.get('page')}`, name: `Campaign ${c.query.get('page')}` })], {
              pages: 3,
              total: 25,
              page: Number(c.query.get('page')),
            }),
          )
        : undefined,
    );
    const user = userEvent.setup();
    renderPage('/campaigns?page=2', <CampaignsPage />);
    expect(await screen.findByRole('link', { name: 'Campaign 2' })).toBeTruthy();
    expect(screen.getByText('25 campaigns · page 2 of 3')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(await screen.findByRole('link', { name: 'Campaign 3' })).toBeTruthy();
    expect(calls.filter((c) => c.path === 'campaigns/list').map((c) => c.query.get('page'))).toEqual(['2', '3']);
  });

  it('without campaigns invites to create the first one', async () => {
    storeSession('BRANDS');
    mockFetch((c) => (c.path === 'campaigns/list' ? ok(listOf([])) : undefined));
    renderPage('/campaigns', <CampaignsPage />);
    expect(await screen.findByRole('heading', { name: 'No campaigns yet' })).toBeTruthy();
    expect(screen.getAllByRole('link', { name: 'Create Campaign' })).toHaveLength(1);
  });

  it('says why the list could not be read, with a way to try again', async () => {
    storeSession('BRANDS');
    mockFetch((c) => (c.path === 'campaigns/list' ? fail(403, CAMPAIGN_MSG.ownersOnly) : undefined));
    renderPage('/campaigns', <CampaignsPage />);
    expect(await screen.findByText(CAMPAIGN_MSG.ownersOnly)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});

describe('the Tagged campaigns list', { timeout: 30_000 }, () => {
  const tagged = (state: 'invited' | 'accepted' | 'declined', id = 'c1'): TCampaignList =>
    listOf([campaignOf({ _id: id, myRole: state })]);

  it('shows whose campaign it is, its days, budget and the influencer’s answer', async () => {
    storeSession('INFLUENCER');
    mockFetch((c) => (c.path === 'campaigns/tagged' ? ok(tagged('accepted')) : undefined));
    renderPage('/tagged', <TaggedCampaignsPage />);
    const card = await screen.findByTestId('campaign-card');
    expect(within(card).getByText('Acme Brand')).toBeTruthy();
    expect(within(card).getByText('Dec 1 – Dec 31, 2026')).toBeTruthy();
    expect(within(card).getByText('$1,000.00')).toBeTruthy();
    expect(within(card).getByText('Accepted')).toBeTruthy();
    expect(within(card).queryByRole('button', { name: /Accept/ })).toBeNull();
  });

  it('lets an invited influencer accept right on the card', async () => {
    storeSession('INFLUENCER');
    let state: 'invited' | 'accepted' = 'invited';
    const calls = mockFetch((c) => {
      if (c.path === 'campaigns/tagged') return ok(tagged(state));
      if (c.path === 'campaigns/c1/respond') {
        state = 'accepted';
        return ok({ ...campaignOf({ myRole: 'accepted' }), influencers: [], posts: [], payments: [] });
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderPage('/tagged', <TaggedCampaignsPage />);
    await user.click(await screen.findByRole('button', { name: 'Accept Winter launch' }));
    expect(await screen.findByText(CAMPAIGN_MSG.accepted)).toBeTruthy();
    // the list has no terms to show: the answer says none were read
    expect(calls.find((c) => c.path === 'campaigns/c1/respond')?.body).toEqual({ accept: true, termsAt: '' });
    await waitFor(() => expect(screen.getByText('Accepted')).toBeTruthy());
    expect(screen.queryByRole('button', { name: 'Accept Winter launch' })).toBeNull();
  });

  it('never agrees on the card to terms not read: a campaign with terms opens its page to read them', async () => {
    storeSession('INFLUENCER');
    const calls = mockFetch((c) => {
      if (c.path === 'campaigns/tagged') return ok(tagged('invited'));
      if (c.path === 'campaigns/c1/respond') return fail(409, TERMS_MSG.changedSinceRead);
      return undefined;
    });
    const user = userEvent.setup();
    renderPage('/tagged', <TaggedCampaignsPage />);
    await user.click(await screen.findByRole('button', { name: 'Accept Winter launch' }));
    expect(await screen.findByText(READ_TERMS_FIRST)).toBeTruthy();
    expect((await screen.findByTestId('location')).textContent).toBe('/campaign/c1');
    expect(calls.find((c) => c.path === 'campaigns/c1/respond')?.body).toEqual({ accept: true, termsAt: '' });
  });

  it('declines on the card only after confirming', async () => {
    storeSession('INFLUENCER');
    const calls = mockFetch((c) => {
      if (c.path === 'campaigns/tagged') return ok(tagged('invited'));
      if (c.path === 'campaigns/c1/respond')
        return ok({ ...campaignOf({ myRole: 'declined' }), influencers: [], posts: [], payments: [] });
      return undefined;
    });
    const user = userEvent.setup();
    renderPage('/tagged', <TaggedCampaignsPage />);
    await user.click(await screen.findByRole('button', { name: 'Decline Winter launch' }));
    expect(calls.filter((c) => c.path === 'campaigns/c1/respond')).toHaveLength(0);
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Decline this campaign?' })).getByRole('button', { name: 'Decline' }),
    );
    expect(await screen.findByText(CAMPAIGN_MSG.declined)).toBeTruthy();
    expect(calls.find((c) => c.path === 'campaigns/c1/respond')?.body).toEqual({ accept: false });
  });

  it('before any tag says so', async () => {
    storeSession('INFLUENCER');
    mockFetch((c) => (c.path === 'campaigns/tagged' ? ok(listOf([])) : undefined));
    renderPage('/tagged', <TaggedCampaignsPage />);
    expect(await screen.findByRole('heading', { name: TAGGED_EMPTY })).toBeTruthy();
    expect(TAGGED_EMPTY).toBe("You haven't been tagged in a campaign yet");
  });
});
