import type { TProfileType } from '../enums';

export const PERMISSION_MODULES = ['Post', 'Analytics', 'Scheduler'] as const;
export type TPermissionModule = (typeof PERMISSION_MODULES)[number];

/** The social account types of the permission tree; id 7 is Threads. */
export const PERMISSION_ACCOUNTS = [
  { accountId: '1', accountType: 'instagram', label: 'Instagram' },
  { accountId: '2', accountType: 'facebook', label: 'Facebook' },
  { accountId: '3', accountType: 'youtube', label: 'YouTube' },
  { accountId: '4', accountType: 'linkedin', label: 'LinkedIn' },
  { accountId: '5', accountType: 'tiktok', label: 'TikTok' },
  { accountId: '6', accountType: 'twitter', label: 'X' },
  { accountId: '7', accountType: 'threads', label: 'Threads' },
] as const;

export type TPermissionEntry = {
  accountId: string;
  accountType: string;
  access: boolean;
  moduleAccess: Record<TPermissionModule, boolean>;
};

/** A network of the permission tree ('instagram' … 'threads'). */
export type TPermissionNetwork = (typeof PERMISSION_ACCOUNTS)[number]['accountType'];
export const PERMISSION_NETWORKS: readonly TPermissionNetwork[] = PERMISSION_ACCOUNTS.map((a) => a.accountType);

/** What a permission check is about: using a module (posting, analytics, scheduling) on a linked account. */
export type TPermissionAction = TPermissionModule;

/**
 * Who acts: their organisation, their role, and (for a manager) the permissions their role gives, already
 * made effective (none while the role is inactive). `permissions` is null for everyone else.
 */
export type TActor = {
  userId: string;
  orgId: string | null;
  role: TProfileType;
  permissions: readonly TPermissionEntry[] | null;
};

/** A social account linked to an organisation, as a permission check needs it. */
export type TLinkedAccountRef = { id: string; orgId: string; network: TPermissionNetwork };

export const NO_POST_ACCESS = 'No access to post on this network';
export const NO_SCHEDULER_ACCESS = 'No access to schedule on this network';
/** Another organisation's account: the check says no more than that it is not there. */
export const LINKED_ACCOUNT_NOT_FOUND = 'Social account not found';

export const SCHEDULER_INCONSISTENT = "Please ensure all 'Scheduler' access settings are consistent across all account types.";
export const NO_ANALYTICS_ACCESS = 'No access to view Analytics';

/** Accounts with accountId '7' are hidden in the tree. */
export const isShownInTree = (e: { accountId: string }): boolean => e.accountId !== '7';

/** The tree label: Twitter is shown as X. */
export const accountLabel = (accountType: string): string =>
  PERMISSION_ACCOUNTS.find((a) => a.accountType === accountType.toLowerCase())?.label ?? accountType;

/** A role's starting permissions: every account present, nothing allowed. */
export function emptyPermissions(): TPermissionEntry[] {
  return PERMISSION_ACCOUNTS.map((a) => ({
    accountId: a.accountId,
    accountType: a.accountType,
    access: false,
    moduleAccess: { Post: false, Analytics: false, Scheduler: false },
  }));
}

/** Fills in missing accounts and modules so every list has the full shape, in tree order. */
export function normalizePermissions(entries: readonly Partial<TPermissionEntry>[] | null | undefined): TPermissionEntry[] {
  return emptyPermissions().map((base) => {
    const found = entries?.find(
      (e) => String(e.accountId) === base.accountId || e.accountType?.toLowerCase() === base.accountType,
    );
    if (!found) return base;
    const moduleAccess = { ...base.moduleAccess };
    for (const m of PERMISSION_MODULES) moduleAccess[m] = Boolean(found.moduleAccess?.[m]);
    return { ...base, moduleAccess, access: Boolean(found.access) };
  });
}

/** Toggling an account checkbox sets all of its modules (and its access). */
export function toggleAccount(entries: TPermissionEntry[], accountId: string, on: boolean): TPermissionEntry[] {
  return entries.map((e) =>
    e.accountId === accountId ? { ...e, access: on, moduleAccess: { Post: on, Analytics: on, Scheduler: on } } : e,
  );
}

/** Toggling a module sets the account's access to true if any module is on (false when none is). */
export function toggleModule(
  entries: TPermissionEntry[],
  accountId: string,
  module: TPermissionModule,
  on: boolean,
): TPermissionEntry[] {
  return entries.map((e) => {
    if (e.accountId !== accountId) return e;
    const moduleAccess = { ...e.moduleAccess, [module]: on };
    return { ...e, moduleAccess, access: PERMISSION_MODULES.some((m) => moduleAccess[m]) };
  });
}

/** Select All: every account shown in the tree on (or off) with all modules. */
export function selectAll(entries: TPermissionEntry[], on: boolean): TPermissionEntry[] {
  return entries.map((e) =>
    isShownInTree(e) ? { ...e, access: on, moduleAccess: { Post: on, Analytics: on, Scheduler: on } } : e,
  );
}

/** Select All mirrors whether every account shown in the tree is on. */
export const allSelected = (entries: readonly TPermissionEntry[]): boolean =>
  entries.filter(isShownInTree).every((e) => e.access);

/**
 * Permissions save: Scheduler must agree across the account types the role gives access to.
 * Networks without access do not count: otherwise a role scheduling on Instagram
 * would have to open every other network too.
 */
export function schedulerConsistent(entries: readonly TPermissionEntry[]): boolean {
  const values = entries.filter((e) => isShownInTree(e) && e.access).map((e) => e.moduleAccess.Scheduler);
  return values.every((v) => v === values[0]);
}

/** A manager's effective permissions: none while the role is inactive. */
export function effectivePermissions(entries: readonly TPermissionEntry[] | null, roleActive: boolean): TPermissionEntry[] {
  const full = normalizePermissions(entries ?? []);
  return roleActive ? full : emptyPermissions();
}

const entryFor = (entries: readonly TPermissionEntry[], accountId: string | number) =>
  entries.find((e) => e.accountId === String(accountId));

/** Whether a user may use a module on a network: everyone but managers may; managers need access + the module. */
export function canUse(
  role: TProfileType,
  entries: readonly TPermissionEntry[],
  accountId: string | number,
  module: TPermissionModule,
): boolean {
  if (role !== 'BUSINESS_MANAGER') return true;
  const e = entryFor(entries, accountId);
  return Boolean(e?.access && e.moduleAccess[module]);
}

/** Networks a manager sees: only where access is true (others see all). */
export function visibleNetworkIds(role: TProfileType, entries: readonly TPermissionEntry[]): string[] {
  if (role !== 'BUSINESS_MANAGER') return PERMISSION_ACCOUNTS.map((a) => a.accountId);
  return entries.filter((e) => e.access).map((e) => e.accountId);
}

/** Create is shown to a manager only if some permitted network has Post or Scheduler. */
export function canCreatePost(role: TProfileType, entries: readonly TPermissionEntry[]): boolean {
  if (role !== 'BUSINESS_MANAGER') return true;
  return entries.some((e) => e.access && (e.moduleAccess.Post || e.moduleAccess.Scheduler));
}

/** Analytics needs the Analytics module; returns the rule's message when refused, else null. */
export function analyticsRefusal(
  role: TProfileType,
  entries: readonly TPermissionEntry[],
  accountId: string | number,
): string | null {
  return canUse(role, entries, accountId, 'Analytics') ? null : NO_ANALYTICS_ACCESS;
}

/** Scheduling needs the Scheduler module. */
export const canSchedule = (role: TProfileType, entries: readonly TPermissionEntry[], accountId: string | number): boolean =>
  canUse(role, entries, accountId, 'Scheduler');

const MODULE_REFUSAL: Record<TPermissionAction, string> = {
  Post: NO_POST_ACCESS,
  Analytics: NO_ANALYTICS_ACCESS,
  Scheduler: NO_SCHEDULER_ACCESS,
};

/**
 * The one permission check for a linked social account, for every route and every job: why `actor` may not
 * `action` on `account`, or null when they may. An account of another organisation is refused to everyone,
 * owners included, as if it did not exist. In the account's own organisation everyone but a manager may; a
 * manager needs access to the account's network (looked up by network, never by a numeric id) with the module
 * on.
 */
export function refusalOf(actor: TActor, action: TPermissionAction, account: TLinkedAccountRef): string | null {
  if (!actor.orgId || actor.orgId !== account.orgId) return LINKED_ACCOUNT_NOT_FOUND;
  if (actor.role !== 'BUSINESS_MANAGER') return null;
  const entry = (actor.permissions ?? []).find((e) => e.accountType.toLowerCase() === account.network);
  return entry?.access && entry.moduleAccess[action] ? null : MODULE_REFUSAL[action];
}

/** Whether `actor` may `action` on `account` (see refusalOf). */
export const can = (actor: TActor, action: TPermissionAction, account: TLinkedAccountRef): boolean =>
  refusalOf(actor, action, account) === null;

/** Managers cannot add social accounts. */
export const canAddSocialAccounts = (role: TProfileType): boolean => role !== 'BUSINESS_MANAGER';

/** Pricing is for BUSINESS and INFLUENCER; managers never see it. */
export const seesPricing = (role: TProfileType): boolean => role === 'BUSINESS' || role === 'INFLUENCER';

/**
 * Notification follows the header: influencers and managers always see it
 * (a manager "always sees Notification"); the others only once payment is done.
 */
export const seesNotification = (role: TProfileType, paymentStatus: boolean): boolean =>
  role === 'BUSINESS_MANAGER' || role === 'INFLUENCER' || paymentStatus;

/** A manager always saves as draft (the owner approves). */
export const alwaysSavesDraft = (role: TProfileType): boolean => role === 'BUSINESS_MANAGER';

/** Whether the actor sees a network's linked accounts at all: everyone but a manager does; a manager where its role gives access. */
export function seesNetwork(actor: TActor, network: TPermissionNetwork): boolean {
  if (actor.role !== 'BUSINESS_MANAGER') return true;
  return (actor.permissions ?? []).some((e) => e.accountType === network && e.access);
}
