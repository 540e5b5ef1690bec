import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { emptyPermissions, SCHEDULER_INCONSISTENT, TEAM_MSG, type TPermissionEntry } from '@virality/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, mockFetch, ok, renderPage, storeSession, type TMockCall } from '../../../testing';
import { AssignPermissionsPage } from './assign-permissions-page';

const URL = '/profile/assignpermissions?roleId=r1';

function serve(initial: TPermissionEntry[] = emptyPermissions(), onUpdate?: (call: TMockCall) => ReturnType<typeof ok>) {
  storeSession('BUSINESS', { userId: 'owner1' });
  return mockFetch((call) => {
    if (call.path === 'permission/getPermission' && call.query.get('roleId') === 'r1')
      return ok({ data: { permission: initial, roleId: 'r1', roleName: 'Social lead' } });
    if (call.path === 'permission/update' && call.method === 'PUT')
      return (
        onUpdate?.(call) ??
        ok({ data: { permission: (call.body as { permissionAccess: unknown }).permissionAccess } }, TEAM_MSG.permissionsAssigned)
      );
    return undefined;
  });
}

const IDS: Record<string, string> = { Instagram: '1', Facebook: '2', YouTube: '3', LinkedIn: '4', TikTok: '5', X: '6' };
/** The account's group, found by the heading that labels it (quicker than a role query over the whole tree). */
const group = (name: string) => {
  const el = document.querySelector<HTMLElement>(`[aria-labelledby="perm-account-${IDS[name]}"]`);
  if (!el || el.querySelector(`#perm-account-${IDS[name]}`)?.textContent !== name) throw new Error(`no group ${name}`);
  return el;
};
const box = (account: string, name: string) => within(group(account)).getByLabelText(name) as HTMLInputElement;
const accountBox = (account: string) => box(account, account);
const selectAllBox = () => screen.getByLabelText('Select All') as HTMLInputElement;
const checked = (account: string) => ['Post', 'Analytics', 'Scheduler'].map((m) => box(account, m).checked);

describe('AssignPermissionsPage: the permission tree', () => {
  beforeEach(() => vi.unstubAllGlobals());
  afterEach(() => vi.unstubAllGlobals());

  it('shows every account type but Threads (id 7), with Twitter as X', async () => {
    serve();
    renderPage(URL, <AssignPermissionsPage />);
    expect(await screen.findByRole('group', { name: 'Instagram' })).toBeTruthy();
    expect(screen.getAllByRole('group')).toHaveLength(6);
    for (const label of ['Instagram', 'Facebook', 'YouTube', 'LinkedIn', 'TikTok', 'X']) expect(group(label)).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Threads' })).toBeNull();
    expect(screen.queryByText('Twitter')).toBeNull();
    expect(screen.getByText('Role: Social lead')).toBeTruthy();
  });

  it('an account checkbox sets and clears all of its modules', async () => {
    serve();
    const user = userEvent.setup();
    renderPage(URL, <AssignPermissionsPage />);
    await screen.findByRole('group', { name: 'Facebook' });
    await user.click(accountBox('Facebook'));
    expect(accountBox('Facebook').checked).toBe(true);
    expect(checked('Facebook')).toEqual([true, true, true]);
    expect(checked('Instagram')).toEqual([false, false, false]);
    await user.click(accountBox('Facebook'));
    expect(accountBox('Facebook').checked).toBe(false);
    expect(checked('Facebook')).toEqual([false, false, false]);
  });

  it('a module turns its account on when any module is on, and off when none is', async () => {
    serve();
    const user = userEvent.setup();
    renderPage(URL, <AssignPermissionsPage />);
    await screen.findByRole('group', { name: 'Instagram' });
    await user.click(box('Instagram', 'Post'));
    expect(accountBox('Instagram').checked).toBe(true);
    expect(checked('Instagram')).toEqual([true, false, false]);
    await user.click(box('Instagram', 'Scheduler'));
    expect(checked('Instagram')).toEqual([true, false, true]);
    await user.click(box('Instagram', 'Post'));
    expect(accountBox('Instagram').checked).toBe(true);
    await user.click(box('Instagram', 'Scheduler'));
    expect(accountBox('Instagram').checked).toBe(false);
  });

  it('Select All turns every account on or off and mirrors whether every account is on', async () => {
    serve();
    const user = userEvent.setup();
    renderPage(URL, <AssignPermissionsPage />);
    await screen.findByRole('group', { name: 'Instagram' });
    expect(selectAllBox().checked).toBe(false);
    await user.click(selectAllBox());
    for (const a of ['Instagram', 'Facebook', 'YouTube', 'LinkedIn', 'TikTok', 'X']) {
      expect(accountBox(a).checked).toBe(true);
      expect(checked(a)).toEqual([true, true, true]);
    }
    expect(selectAllBox().checked).toBe(true);
    // One account off: Select All follows.
    await user.click(accountBox('TikTok'));
    expect(selectAllBox().checked).toBe(false);
    // Turning it back on by a module (any module turns the account on): every account is on again.
    await user.click(box('TikTok', 'Analytics'));
    expect(selectAllBox().checked).toBe(true);
    await user.click(selectAllBox());
    expect(selectAllBox().checked).toBe(false);
    for (const a of ['Instagram', 'X']) expect(checked(a)).toEqual([false, false, false]);
  });

  it('refuses to save inconsistent Scheduler values with its exact message and sends nothing', async () => {
    const calls = serve();
    const user = userEvent.setup();
    renderPage(URL, <AssignPermissionsPage />);
    await screen.findByRole('group', { name: 'Instagram' });
    await user.click(box('Instagram', 'Post'));
    await user.click(box('Instagram', 'Scheduler'));
    await user.click(box('Facebook', 'Analytics'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(SCHEDULER_INCONSISTENT)).toBeTruthy();
    expect(calls.some((c) => c.path === 'permission/update')).toBe(false);
  });

  it('saves consistent permissions with PUT permission/update and says so', async () => {
    const calls = serve();
    const user = userEvent.setup();
    renderPage(URL, <AssignPermissionsPage />);
    await screen.findByRole('group', { name: 'Instagram' });
    await user.click(box('Instagram', 'Post'));
    await user.click(box('Facebook', 'Analytics'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(TEAM_MSG.permissionsAssigned)).toBeTruthy();
    const put = calls.find((c) => c.path === 'permission/update')!;
    const body = put.body as { roleId: string; permissionAccess: TPermissionEntry[] };
    expect(body.roleId).toBe('r1');
    expect(body.permissionAccess).toHaveLength(7);
    expect(body.permissionAccess.find((p) => p.accountId === '1')).toMatchObject({
      access: true,
      moduleAccess: { Post: true, Analytics: false, Scheduler: false },
    });
    expect(body.permissionAccess.find((p) => p.accountId === '2')).toMatchObject({
      access: true,
      moduleAccess: { Post: false, Analytics: true, Scheduler: false },
    });
  });

  it("shows a fetch failure as 'Failed to fetch permissions: ...'", async () => {
    storeSession('BUSINESS', { userId: 'owner1' });
    mockFetch((call) => (call.path === 'permission/getPermission' ? fail(404, 'Role not found') : undefined));
    renderPage(URL, <AssignPermissionsPage />);
    expect((await screen.findAllByText('Failed to fetch permissions: Role not found')).length).toBeGreaterThan(0);
  });

  it("shows an update failure as 'Failed to update permissions: ...'", async () => {
    serve(emptyPermissions(), () => fail(400, 'Role not found'));
    const user = userEvent.setup();
    renderPage(URL, <AssignPermissionsPage />);
    await screen.findByRole('group', { name: 'Instagram' });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Failed to update permissions: Role not found')).toBeTruthy();
  });
});
