import userEvent from '@testing-library/user-event';
import { CAMPAIGN_MSG, type TCampaignDetail } from '@virality/domain';
import { fail, mockFetch, ok, renderPage, storeSession } from '../../../testing';
import { CampaignPage } from './campaign-page';

/** What a test's server answers besides the campaign itself (undefined: not handled). */
export type TCampaignPageHandler = Parameters<typeof mockFetch>[0];

/**
 * The campaign page's tests' server: it answers the campaign as it stands (`server.campaign`, which a handled write may
 * change; null: not found), and hands every other call to the test's handler.
 */
export const server: { campaign: TCampaignDetail | null } = { campaign: null };

/** The campaign page opened by a signed-in owner or influencer: the calls it made, and a user to act with. */
export function showCampaignPage(
  role: 'BRANDS' | 'INFLUENCER',
  campaign: TCampaignDetail | null,
  handler: TCampaignPageHandler = () => undefined,
) {
  storeSession(role);
  server.campaign = campaign;
  const calls = mockFetch((c) => {
    if (c.method === 'GET' && c.path === `campaigns/${campaign?._id ?? 'c1'}`)
      return server.campaign ? ok(server.campaign) : fail(404, CAMPAIGN_MSG.notFound);
    return handler(c);
  });
  const user = userEvent.setup();
  renderPage(`/campaign/${campaign?._id ?? 'c1'}`, <CampaignPage />, { route: '/campaign/:id' });
  return { calls, user };
}
