import { describe, expect, it } from 'vitest';
import { PROFILE_TYPES, type TProfileType } from '../enums';
import {
  accountLabel,
  allSelected,
  alwaysSavesDraft,
  analyticsRefusal,
  can,
  canAddSocialAccounts,
  canCreatePost,
  canSchedule,
  canUse,
  effectivePermissions,
  emptyPermissions,
  isShownInTree,
  LINKED_ACCOUNT_NOT_FOUND,
  NO_ANALYTICS_ACCESS,
  NO_POST_ACCESS,
  NO_SCHEDULER_ACCESS,
  normalizePermissions,
  PERMISSION_ACCOUNTS,
  PERMISSION_MODULES,
  PERMISSION_NETWORKS,
  refusalOf,
  SCHEDULER_INCONSISTENT,
  schedulerConsistent,
  seesNotification,
  seesPricing,
  selectAll,
  type TActor,
  type TLinkedAccountRef,
  type TPermissionEntry,
  type TPermissionModule,
  toggleAccount,
  toggleModule,
  visibleNetworkIds,
} from './permissions';

type TOn = Partial<Record<TPermissionModule, boolean>>;
/** A full permission list; `on` switches modules per accountId, access follows "any module on" unless given. */
const perms = (on: Record<string, TOn & { access?: boolean }> = {}): TPermissionEntry[] =>
  emptyPermissions().map((e) => {
    const { access, ...mods } = on[e.accountId] ?? {};
    const moduleAccess = { ...e.moduleAccess, ...mods };
    return { ...e, moduleAccess, access: access ?? PERMISSION_MODULES.some((m) => moduleAccess[m]) };
  });
const byId = (entries: TPermissionEntry[], id: string) => entries.find((e) => e.accountId === id)!;
const SHOWN_IDS = ['1', '2', '3', '4', '5', '6'];
const NON_MANAGERS = PROFILE_TYPES.filter((r) => r !== 'BUSINESS_MANAGER');
const M: TProfileType = 'BUSINESS_MANAGER';

describe('the permission tree', () => {
  it('has one entry per social account type, ids 1-6, plus Threads (7), each with Post, Analytics and Scheduler', () => {
    expect(PERMISSION_ACCOUNTS.map((a) => [a.accountId, a.accountType])).toEqual([
      ['1', 'instagram'],
      ['2', 'facebook'],
      ['3', 'youtube'],
      ['4', 'linkedin'],
      ['5', 'tiktok'],
      ['6', 'twitter'],
      ['7', 'threads'],
    ]);
    expect(PERMISSION_MODULES).toEqual(['Post', 'Analytics', 'Scheduler']);
  });

  it('a new role starts with every account present and nothing allowed', () => {
    const empty = emptyPermissions();
    expect(empty).toHaveLength(7);
    for (const e of empty)
      expect(e).toMatchObject({ access: false, moduleAccess: { Post: false, Analytics: false, Scheduler: false } });
  });

  it('normalizePermissions fills in missing accounts and modules, in tree order, matching by id or type', () => {
    const n = normalizePermissions([
      { accountType: 'Facebook', access: true, moduleAccess: { Post: true } as never },
      { accountId: 1 as never, access: true, moduleAccess: { Analytics: true, Post: false, Scheduler: false } },
    ]);
    expect(n.map((e) => e.accountId)).toEqual(['1', '2', '3', '4', '5', '6', '7']);
    expect(byId(n, '1')).toMatchObject({ access: true, moduleAccess: { Post: false, Analytics: true, Scheduler: false } });
    expect(byId(n, '2')).toMatchObject({ access: true, moduleAccess: { Post: true, Analytics: false, Scheduler: false } });
    expect(byId(n, '3')).toMatchObject({ access: false, moduleAccess: { Post: false, Analytics: false, Scheduler: false } });
    expect(normalizePermissions(null)).toEqual(emptyPermissions());
    expect(normalizePermissions(undefined)).toEqual(emptyPermissions());
  });
});

describe('Assign Permissions', () => {
  it('"Toggling an account checkbox sets all of its modules": on sets all three and access', () => {
    const next = toggleAccount(perms(), '2', true);
    expect(byId(next, '2')).toMatchObject({ access: true, moduleAccess: { Post: true, Analytics: true, Scheduler: true } });
    // the other accounts are untouched
    expect(next.filter((e) => e.accountId !== '2').every((e) => !e.access)).toBe(true);
  });

  it('toggling an account off clears all of its modules and its access', () => {
    const next = toggleAccount(perms({ '1': { Post: true, Scheduler: true } }), '1', false);
    expect(byId(next, '1')).toMatchObject({ access: false, moduleAccess: { Post: false, Analytics: false, Scheduler: false } });
  });

  it('toggleAccount does not change the list it is given', () => {
    const before = perms();
    toggleAccount(before, '1', true);
    expect(before).toEqual(perms());
  });

  it('"Toggling a module sets the account\'s access to true if any module is on"', () => {
    for (const m of PERMISSION_MODULES) {
      const next = toggleModule(perms(), '1', m, true);
      expect(byId(next, '1').access).toBe(true);
      expect(byId(next, '1').moduleAccess[m]).toBe(true);
      expect(PERMISSION_MODULES.filter((x) => x !== m).every((x) => !byId(next, '1').moduleAccess[x])).toBe(true);
    }
  });

  it('access stays on while another module is still on, and goes off when none is', () => {
    let p = perms({ '4': { Post: true, Analytics: true } });
    p = toggleModule(p, '4', 'Post', false);
    expect(byId(p, '4')).toMatchObject({ access: true, moduleAccess: { Post: false, Analytics: true } });
    p = toggleModule(p, '4', 'Analytics', false);
    expect(byId(p, '4')).toMatchObject({ access: false, moduleAccess: { Post: false, Analytics: false, Scheduler: false } });
  });

  it('toggleModule touches only the account named', () => {
    const next = toggleModule(perms(), '3', 'Scheduler', true);
    expect(next.filter((e) => e.accountId !== '3')).toEqual(perms().filter((e) => e.accountId !== '3'));
  });

  it('Select All turns every account shown on with all its modules, leaving the hidden Threads (7) alone', () => {
    const next = selectAll(perms(), true);
    for (const id of SHOWN_IDS)
      expect(byId(next, id)).toMatchObject({ access: true, moduleAccess: { Post: true, Analytics: true, Scheduler: true } });
    expect(byId(next, '7')).toEqual(byId(perms(), '7'));
    const off = selectAll(next, false);
    for (const id of SHOWN_IDS)
      expect(byId(off, id)).toMatchObject({ access: false, moduleAccess: { Post: false, Analytics: false, Scheduler: false } });
  });

  it('"Select All mirrors whether every account is on" (only the accounts shown count)', () => {
    expect(allSelected(perms())).toBe(false);
    const all = selectAll(perms(), true);
    expect(byId(all, '7').access).toBe(false);
    expect(allSelected(all)).toBe(true);
    // one shown account off → Select All off
    expect(allSelected(toggleAccount(all, '5', false))).toBe(false);
    // one module off still leaves the account on → Select All stays on
    expect(allSelected(toggleModule(all, '5', 'Post', false))).toBe(true);
    // a list where every shown account has access, built by hand
    const every = perms(Object.fromEntries(SHOWN_IDS.map((id) => [id, { Post: true }])));
    expect(allSelected(every)).toBe(true);
  });

  it('"Accounts with accountId \'7\' are hidden"', () => {
    expect(isShownInTree({ accountId: '7' })).toBe(false);
    for (const id of SHOWN_IDS) expect(isShownInTree({ accountId: id })).toBe(true);
    expect(
      perms()
        .filter(isShownInTree)
        .map((e) => e.accountId),
    ).toEqual(SHOWN_IDS);
  });

  it('"Twitter is shown as X"; the others by their names', () => {
    expect(accountLabel('twitter')).toBe('X');
    expect(accountLabel('Twitter')).toBe('X');
    expect(accountLabel('instagram')).toBe('Instagram');
    expect(accountLabel('facebook')).toBe('Facebook');
    expect(accountLabel('youtube')).toBe('YouTube');
    expect(accountLabel('linkedin')).toBe('LinkedIn');
    expect(accountLabel('tiktok')).toBe('TikTok');
    expect(accountLabel('somethingelse')).toBe('somethingelse');
  });
});

describe('Permissions save: Scheduler consistent across account types', () => {
  it('the message is shown word for word', () => {
    expect(SCHEDULER_INCONSISTENT).toBe("Please ensure all 'Scheduler' access settings are consistent across all account types.");
  });

  it('all Scheduler off, or all on, is consistent', () => {
    expect(schedulerConsistent(perms())).toBe(true);
    expect(schedulerConsistent(perms({ '1': { Post: true }, '2': { Analytics: true } }))).toBe(true);
    expect(schedulerConsistent(perms(Object.fromEntries(SHOWN_IDS.map((id) => [id, { Scheduler: true }]))))).toBe(true);
    expect(schedulerConsistent(selectAll(perms(), true))).toBe(true);
  });

  it('Scheduler on for some account types and off for others is not', () => {
    expect(schedulerConsistent(perms({ '1': { Post: true, Scheduler: true }, '2': { Analytics: true } }))).toBe(false);
    expect(schedulerConsistent(toggleModule(selectAll(perms(), true), '6', 'Scheduler', false))).toBe(false);
  });

  it('networks without access do not count: Instagram Post + Scheduler with Facebook Analytics + Scheduler saves', () => {
    expect(schedulerConsistent(perms({ '1': { Post: true, Scheduler: true }, '2': { Analytics: true, Scheduler: true } }))).toBe(
      true,
    );
    expect(schedulerConsistent(perms({ '1': { Post: true, Scheduler: true }, '2': { Analytics: true, Scheduler: false } }))).toBe(
      false,
    );
  });

  it('the hidden Threads entry does not count', () => {
    const allOn = perms(Object.fromEntries(SHOWN_IDS.map((id) => [id, { Scheduler: true }])));
    expect(byId(allOn, '7').moduleAccess.Scheduler).toBe(false);
    expect(schedulerConsistent(allOn)).toBe(true);
    expect(schedulerConsistent(perms({ '7': { Scheduler: true } }))).toBe(true);
  });
});

describe('effectivePermissions (an inactive role gives no module access)', () => {
  it('an active role gives its own permissions (normalized)', () => {
    const p = perms({ '1': { Post: true } });
    expect(effectivePermissions(p, true)).toEqual(p);
    expect(
      effectivePermissions(
        [
          {
            accountId: '2',
            accountType: 'facebook',
            access: true,
            moduleAccess: { Post: true, Analytics: false, Scheduler: false },
          },
        ],
        true,
      ).map((e) => e.access),
    ).toEqual([false, true, false, false, false, false, false]);
  });

  it('an inactive role gives every account with nothing allowed', () => {
    const p = selectAll(perms(), true);
    const eff = effectivePermissions(p, false);
    expect(eff).toEqual(emptyPermissions());
    expect(eff.every((e) => !e.access && PERMISSION_MODULES.every((m) => !e.moduleAccess[m]))).toBe(true);
  });

  it('no permission list gives nothing allowed', () => {
    expect(effectivePermissions(null, true)).toEqual(emptyPermissions());
  });
});

describe('BUSINESS_MANAGER rules', () => {
  const igPostFbAnalytics = perms({ '1': { Post: true }, '2': { Analytics: true } });

  it('"sees only networks where a permission has access true"', () => {
    expect(visibleNetworkIds(M, igPostFbAnalytics)).toEqual(['1', '2']);
    expect(visibleNetworkIds(M, perms())).toEqual([]);
    // module flags without access do not make a network visible
    expect(visibleNetworkIds(M, perms({ '3': { Post: true, access: false } }))).toEqual([]);
  });

  it('"the Create button appears only if some permission with access has module Post or Scheduler"', () => {
    expect(canCreatePost(M, perms({ '1': { Post: true } }))).toBe(true);
    expect(canCreatePost(M, perms({ '5': { Scheduler: true } }))).toBe(true);
    expect(canCreatePost(M, perms({ '2': { Analytics: true } }))).toBe(false);
    expect(canCreatePost(M, perms())).toBe(false);
    // Post on a network without access does not count
    expect(canCreatePost(M, perms({ '1': { Post: true, access: false } }))).toBe(false);
    expect(canCreatePost(M, perms({ '1': { Scheduler: true, access: false }, '2': { Analytics: true } }))).toBe(false);
  });

  it('"analytics needs Analytics, else \'No access to view Analytics\'"', () => {
    expect(NO_ANALYTICS_ACCESS).toBe('No access to view Analytics');
    expect(analyticsRefusal(M, igPostFbAnalytics, '2')).toBeNull();
    expect(analyticsRefusal(M, igPostFbAnalytics, 2)).toBeNull();
    expect(analyticsRefusal(M, igPostFbAnalytics, '1')).toBe('No access to view Analytics');
    expect(analyticsRefusal(M, igPostFbAnalytics, '3')).toBe('No access to view Analytics');
    expect(analyticsRefusal(M, perms({ '2': { Analytics: true, access: false } }), '2')).toBe('No access to view Analytics');
    expect(analyticsRefusal(M, igPostFbAnalytics, '99')).toBe('No access to view Analytics');
  });

  it('"scheduling needs Scheduler"', () => {
    const p = perms({ '1': { Post: true, Scheduler: true }, '2': { Post: true } });
    expect(canSchedule(M, p, '1')).toBe(true);
    expect(canSchedule(M, p, 1)).toBe(true);
    expect(canSchedule(M, p, '2')).toBe(false);
    expect(canSchedule(M, p, '3')).toBe(false);
  });

  it('canUse needs both access and the module on that network', () => {
    const p = perms({ '1': { Post: true }, '2': { Post: true, access: false } });
    expect(canUse(M, p, '1', 'Post')).toBe(true);
    expect(canUse(M, p, '1', 'Analytics')).toBe(false);
    expect(canUse(M, p, '2', 'Post')).toBe(false);
    expect(canUse(M, effectivePermissions(p, false), '1', 'Post')).toBe(false);
  });

  it('"cannot add social accounts"', () => {
    expect(canAddSocialAccounts(M)).toBe(false);
  });

  it('"has no Pricing"; Pricing is for BUSINESS and INFLUENCER only', () => {
    expect(seesPricing(M)).toBe(false);
    expect(seesPricing('BUSINESS')).toBe(true);
    expect(seesPricing('INFLUENCER')).toBe(true);
    expect(seesPricing('BRANDS')).toBe(false);
    expect(seesPricing('IMC')).toBe(false);
  });

  it('"always sees Notification", paid or not', () => {
    expect(seesNotification(M, false)).toBe(true);
    expect(seesNotification(M, true)).toBe(true);
  });

  it('others see Notification as the header does: influencers always, BUSINESS and the rest only with payment', () => {
    // Headers: "Influencers and business managers always see the full icon set (… notifications …)"
    expect(seesNotification('INFLUENCER', false)).toBe(true);
    for (const r of ['BUSINESS', 'BRANDS', 'IMC'] as const) {
      expect(seesNotification(r, true)).toBe(true);
      expect(seesNotification(r, false)).toBe(false);
    }
  });

  it('"always saves drafts"', () => {
    expect(alwaysSavesDraft(M)).toBe(true);
  });
});

describe('everyone but a manager is allowed everything', () => {
  it.each(NON_MANAGERS)('%s: every network, module, Create, analytics, scheduling, adding accounts; no forced drafts', (role) => {
    const none = perms();
    expect(visibleNetworkIds(role, none)).toEqual(['1', '2', '3', '4', '5', '6', '7']);
    expect(canCreatePost(role, none)).toBe(true);
    for (const a of PERMISSION_ACCOUNTS)
      for (const m of PERMISSION_MODULES) expect(canUse(role, none, a.accountId, m)).toBe(true);
    expect(analyticsRefusal(role, none, '1')).toBeNull();
    expect(canSchedule(role, none, '1')).toBe(true);
    expect(canAddSocialAccounts(role)).toBe(true);
    expect(alwaysSavesDraft(role)).toBe(false);
  });
});

describe('can(actor, action, linkedAccount): one check for every route and job', () => {
  const ORG = 'org-a';
  const account = (network: TLinkedAccountRef['network'], orgId = ORG, id = 'acc-1'): TLinkedAccountRef => ({
    id,
    orgId,
    network,
  });
  const owner: TActor = { userId: 'u1', orgId: ORG, role: 'BUSINESS', permissions: null };
  const managerWith = (entries: TPermissionEntry[], active = true): TActor => ({
    userId: 'u2',
    orgId: ORG,
    role: 'BUSINESS_MANAGER',
    permissions: effectivePermissions(entries, active),
  });
  const igPost = toggleModule(emptyPermissions(), '1', 'Post', true);

  it('everyone but a manager may do anything on an account of their own organisation', () => {
    for (const role of PROFILE_TYPES.filter((r) => r !== 'BUSINESS_MANAGER'))
      for (const network of PERMISSION_NETWORKS)
        for (const action of PERMISSION_MODULES)
          expect(can({ ...owner, role }, action, account(network)), `${role} ${network} ${action}`).toBe(true);
  });

  it('an account of another organisation is refused to every role, as not found', () => {
    for (const actor of [owner, managerWith(igPost)]) {
      expect(can(actor, 'Post', account('instagram', 'org-b'))).toBe(false);
      expect(refusalOf(actor, 'Post', account('instagram', 'org-b'))).toBe(LINKED_ACCOUNT_NOT_FOUND);
    }
    expect(can({ ...owner, orgId: null }, 'Post', account('instagram'))).toBe(false);
  });

  it("a manager needs access to the account's network and the module on, each refusal with its message", () => {
    const m = managerWith(igPost);
    expect(can(m, 'Post', account('instagram'))).toBe(true);
    expect(refusalOf(m, 'Scheduler', account('instagram'))).toBe(NO_SCHEDULER_ACCESS);
    expect(refusalOf(m, 'Analytics', account('instagram'))).toBe(NO_ANALYTICS_ACCESS);
    expect(refusalOf(m, 'Post', account('facebook'))).toBe(NO_POST_ACCESS);
  });

  it('a manager whose role is inactive may do nothing', () => {
    expect(can(managerWith(igPost, false), 'Post', account('instagram'))).toBe(false);
  });

  it("finds the account's rights by its network, never by an id that looks like the tree's network id", () => {
    const m = managerWith(igPost);
    // '1' is Instagram in the tree; this Facebook account just has that id
    expect(can(m, 'Post', account('facebook', ORG, '1'))).toBe(false);
    expect(can(m, 'Post', account('instagram', ORG, '2'))).toBe(true);
  });
});
