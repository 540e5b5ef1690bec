import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API_KEY_MSG, API_KEYS_MAX, type TApiKey } from '@virality/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, mockFetch, ok, renderPage, seedUser, storeSession, testQueryClient } from '../../../testing';
import { ApiKeysPage } from './api-keys-page';

function open() {
  const queryClient = testQueryClient();
  storeSession('INFLUENCER');
  seedUser(queryClient, {});
  return renderPage('/profile/apikeys', <ApiKeysPage />, { queryClient });
}

const keyOf = (over: Partial<TApiKey> = {}): TApiKey => ({
  id: 'abc123def456',
  name: 'Zapier',
  scope: 'write',
  prefix: 'vk_abc123def456',
  createdAt: '2026-12-01T10:00:00.000Z',
  lastUsedAt: null,
  createdBy: 'u1',
  ...over,
});
const WHOLE = `vk_abc123def456_${'A'.repeat(43)}`;

describe('the API keys page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('with no keys: says so, and makes one with a name and an access; the key is shown whole once, then listed by its prefix', async () => {
    const keys: TApiKey[] = [];
    const calls = mockFetch((c) => {
      if (c.method === 'GET' && c.path === 'apiKeys') return ok([...keys]);
      if (c.method === 'POST' && c.path === 'apiKeys') {
        const made = keyOf({ name: (c.body as { name: string }).name, scope: (c.body as { scope: 'read' }).scope });
        keys.push(made);
        return ok({ ...made, key: WHOLE }, API_KEY_MSG.created);
      }
      return undefined;
    });
    const user = userEvent.setup();
    open();
    expect(await screen.findByRole('heading', { name: 'No API keys yet' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create an API key' });
    // a name is needed, checked before anything is sent
    await user.click(within(dialog).getByRole('button', { name: 'Create key' }));
    expect(within(dialog).getByText(API_KEY_MSG.nameRequired)).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    await user.type(within(dialog).getByLabelText(/^Name/), 'My agent');
    await user.click(within(dialog).getByRole('radio', { name: /Read only/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Create key' }));
    const shown = await screen.findByRole('dialog', { name: 'Your new API key' });
    expect(within(shown).getByLabelText('The new API key').textContent).toBe(WHOLE);
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ name: 'My agent', scope: 'read' });
    await user.click(within(shown).getByRole('button', { name: 'Done' }));
    const row = await screen.findByRole('listitem', { name: 'My agent' });
    expect(within(row).getByText('Read only')).toBeTruthy();
    expect(within(row).getByText('vk_abc123def456…')).toBeTruthy();
    expect(within(row).getByText(/Never used$/)).toBeTruthy();
    await waitFor(() => expect(screen.queryByText(WHOLE)).toBeNull());
  });

  it("the server's refusal is shown in the dialog, in its words", async () => {
    mockFetch((c) => {
      if (c.method === 'GET') return ok([]);
      if (c.method === 'POST') return fail(400, API_KEY_MSG.tooMany);
      return undefined;
    });
    const user = userEvent.setup();
    open();
    await user.click(await screen.findByRole('button', { name: 'Create key' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create an API key' });
    await user.type(within(dialog).getByLabelText(/^Name/), 'One too many');
    await user.click(within(dialog).getByRole('button', { name: 'Create key' }));
    expect(await within(dialog).findByText(API_KEY_MSG.tooMany)).toBeTruthy();
  });

  it(`at ${API_KEYS_MAX} keys Create key is off and the page says why`, async () => {
    mockFetch((c) =>
      c.method === 'GET'
        ? ok(Array.from({ length: API_KEYS_MAX }, (_, i) => keyOf({ id: `k${i}`, name: `Key ${i}` })))
        : undefined,
    );
    open();
    expect(await screen.findByText(API_KEY_MSG.tooMany)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Create key' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('revokes a key after a confirmation', async () => {
    let keys = [keyOf({ lastUsedAt: new Date(Date.now() - 5 * 60_000).toISOString() })];
    const calls = mockFetch((c) => {
      if (c.method === 'GET') return ok(keys);
      if (c.method === 'DELETE' && c.path === 'apiKeys/abc123def456') {
        keys = [];
        return ok(null, API_KEY_MSG.revoked);
      }
      return undefined;
    });
    const user = userEvent.setup();
    open();
    const row = await screen.findByRole('listitem', { name: 'Zapier' });
    expect(within(row).getByText(/Used 5 min ago$/)).toBeTruthy();
    await user.click(within(row).getByRole('button', { name: 'Revoke Zapier' }));
    const confirm = await screen.findByRole('dialog', { name: 'Revoke Zapier?' });
    expect(calls.filter((c) => c.method === 'DELETE')).toEqual([]);
    await user.click(within(confirm).getByRole('button', { name: 'Revoke key' }));
    expect(await screen.findByRole('heading', { name: 'No API keys yet' })).toBeTruthy();
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(1);
  });
});
