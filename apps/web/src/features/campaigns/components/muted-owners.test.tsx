import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CAMPAIGN_MSG, type TCampaignMute } from '@virality/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, mockFetch, ok } from '../../../testing/fetch-mock';
import { renderUi, testQueryClient } from '../../../testing/render';
import { BRAND } from '../lib/test-fixtures';
import { MutedOwners } from './muted-owners';

afterEach(() => vi.unstubAllGlobals());

describe('an influencer sees the campaign owners they muted and unmutes them', () => {
  it('lists each muted owner; Unmute sends the unmute, says so and reads the list again', async () => {
    let mutes: TCampaignMute[] = [{ owner: BRAND, mutedAt: '2026-12-01T10:00:00.000Z' }];
    const calls = mockFetch((c) => {
      if (c.method === 'GET' && c.path === 'campaigns/mutes') return ok(mutes);
      if (c.method === 'DELETE' && c.path === `campaigns/mutes/${BRAND._id}`) {
        mutes = [];
        return ok(null, CAMPAIGN_MSG.unmuted('Acme Brand'));
      }
      return undefined;
    });
    renderUi(<MutedOwners />, testQueryClient({ staleTime: 0 }));
    const region = await screen.findByRole('region', { name: 'Muted campaign owners' });
    const item = await within(region).findByRole('listitem');
    expect(item.textContent).toContain('Acme Brand');
    await userEvent.click(within(item).getByRole('button', { name: 'Unmute Acme Brand' }));
    expect(await screen.findByText(CAMPAIGN_MSG.unmuted('Acme Brand'))).toBeTruthy();
    expect(await within(region).findByText('You have muted no campaign owner.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(1);
  });

  it('says so when the list cannot be loaded, and tries again on request', async () => {
    let refused = true;
    mockFetch((c) => {
      if (c.path !== 'campaigns/mutes') return undefined;
      return refused ? fail(503, 'Service unavailable') : ok([]);
    });
    renderUi(<MutedOwners />, testQueryClient({ staleTime: 0 }));
    expect(await screen.findByText('Your muted owners could not be loaded')).toBeTruthy();
    refused = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getByText('You have muted no campaign owner.')).toBeTruthy());
  });
});
