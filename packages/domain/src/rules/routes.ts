import { PROFILE_TYPES, type TAccountType, type TProfileType } from '../enums';

const ALL = PROFILE_TYPES;
const ALL_BUT_IMC: readonly TProfileType[] = PROFILE_TYPES.filter((r) => r !== 'IMC');

/**
 * Role-guarded routes; a route absent here is public. Keys are path prefixes; a segment written ':name' stands for
 * any one segment (a campaign's id).
 */
export const ROUTE_ROLES: Record<string, readonly TProfileType[]> = {
  '/addsocialmedia': ['INFLUENCER', 'BRANDS', 'BUSINESS', 'BUSINESS_MANAGER'],
  // where a network's consent page sends the browser back: only those who may link come back here
  '/social/return': ['INFLUENCER', 'BRANDS', 'BUSINESS'],
  '/home': ALL,
  '/postdraft': ALL_BUT_IMC,
  // posting queues and the CSV import: for those who post, as the drafts
  '/queue': ALL_BUT_IMC,
  '/posts/import': ALL_BUT_IMC,
  '/notifications': ALL,
  // campaigns: the IMC's and brand's own; the tagged list is every role's (only an influencer is ever tagged, so the
  // others find it empty)
  '/tagged': ALL,
  '/createcampaignb': ['IMC', 'BRANDS'],
  '/campaigns': ['IMC', 'BRANDS'],
  '/campaign': ['IMC', 'BRANDS', 'INFLUENCER'],
  // a campaign's report: what the campaign bought, for its owner (an IMC or a brand) only
  '/campaign/:id/report': ['IMC', 'BRANDS'],
  // money: one payment of a brand's or an IMC's (the wallet, with the list, is /profile/wallet; /transactions leads there)
  '/transactiondetail': ['BRANDS', 'IMC'],
  '/calender': ALL,
  // a post's overview: any logged-in user (the server refuses another organization's post)
  '/postoverview': ALL,
  '/create-subuser': ['BUSINESS'],
  // the wallet: its balance and Withdraw (influencers) and the list of payments and withdrawals
  '/profile/wallet': ALL_BUT_IMC,
  '/profile/manageusers': ['BUSINESS'],
  '/profile/managesubusersrole': ['BUSINESS'],
  '/profile/assignpermissions': ['BUSINESS'],
  '/profile/pointwallet': ['BUSINESS', 'INFLUENCER', 'BUSINESS_MANAGER'],
  // how points and levels work: any logged-in user
  '/pointrule': ALL,
  // every type the plan gate holds must be able to pay (BRANDS and IMC too); never a business manager
  '/profile/pricing': ['BUSINESS', 'INFLUENCER', 'BRANDS', 'IMC'],
  // the public API's keys: an organization's owners (never a business's team member)
  '/profile/apikeys': ['INFLUENCER', 'BUSINESS', 'IMC', 'BRANDS'],
  '/profile': ALL,
};

/**
 * Open to any logged-in user, whatever the role and whether or not the profile is complete, but not to a visitor
 * without a session: each of them works on the logged-in user. The onboarding steps (where the profile gets
 * completed), and the scheduled posts. Exact paths.
 */
export const SESSION_ROUTES: readonly string[] = [
  '/userprofile',
  '/interest',
  '/userintrest',
  '/congratulation',
  // the full lists of scheduled and recent posts have no role rule, but list the user's organization's posts
  '/allschedulepost',
  '/allrecentpost',
];

/** The admin console: its pages are for an ADMIN only, and an ADMIN has no other logged-in page. A path prefix. */
export const ADMIN_ROUTE = '/admin';

/** Pages for a visitor without a session: a logged-in user who opens one goes to /home. Exact paths. */
export const GUEST_ROUTES: readonly string[] = ['/login'];

/** React Router matches case-insensitively, so '/Home?tab=1#x' must be guarded like '/home'. */
const cleanPath = (path: string): string => path.split(/[?#]/)[0].toLowerCase().replace(/\/+$/, '') || '/';

/** Whether `prefix` (a key of ROUTE_ROLES) covers the clean path: segment by segment, ':name' matching any one. */
function coversPath(prefix: string, clean: string): boolean {
  const want = prefix.split('/');
  const have = clean.split('/');
  if (have.length < want.length) return false;
  return want.every((segment, i) => (segment.startsWith(':') ? have[i] !== '' : segment === have[i]));
}

/** The roles allowed on a path, or null when the path is not role-guarded. The prefix with most segments wins. */
export function rolesForPath(path: string): readonly TProfileType[] | null {
  const clean = cleanPath(path);
  let best: string | null = null;
  for (const prefix of Object.keys(ROUTE_ROLES)) {
    if (coversPath(prefix, clean) && (!best || prefix.split('/').length > best.split('/').length)) best = prefix;
  }
  return best ? ROUTE_ROLES[best] : null;
}

/**
 * Who may open a path: anyone ('public'), only a visitor without a session ('guest'), any logged-in user
 * ('session'), or a logged-in user with a complete profile and an allowed role ('role').
 */
export type TRouteAccess = 'public' | 'guest' | 'session' | 'role' | 'admin';

export function routeAccess(path: string): TRouteAccess {
  const clean = cleanPath(path);
  if (clean === ADMIN_ROUTE || clean.startsWith(`${ADMIN_ROUTE}/`)) return 'admin';
  if (rolesForPath(path)) return 'role';
  if (SESSION_ROUTES.includes(clean)) return 'session';
  if (GUEST_ROUTES.includes(clean)) return 'guest';
  return 'public';
}

export type TGuardSession = {
  token: string | null;
  expiresAtMs: number | null;
  role: TAccountType | null;
  profileCompleted: boolean;
};
export type TGuardResult = { allow: true } | { allow: false; redirect: '/login' | '/home' | '/userprofile' | '/admin' };

/**
 * Route guard: no token or an expired one goes to /login; a
 * logged-in user whose profile is incomplete goes to /userprofile; a role not allowed goes to /home.
 * Onboarding steps only need a session; a logged-in user on a guest page (/login) goes to /home.
 * The console (/admin) is for an ADMIN only (anyone else logged in goes to /home); an ADMIN on any other
 * logged-in or guest page goes to /admin.
 */
export function guardRoute(path: string, s: TGuardSession, nowMs: number): TGuardResult {
  const access = routeAccess(path);
  if (access === 'public') return { allow: true };
  const loggedIn = !!s.token && !!s.role && (s.expiresAtMs === null || s.expiresAtMs > nowMs);
  const home = s.role === 'ADMIN' ? ADMIN_ROUTE : '/home';
  if (access === 'guest') return loggedIn ? { allow: false, redirect: home } : { allow: true };
  if (!loggedIn) return { allow: false, redirect: '/login' };
  if (access === 'admin') return s.role === 'ADMIN' ? { allow: true } : { allow: false, redirect: '/home' };
  if (s.role === 'ADMIN') return { allow: false, redirect: ADMIN_ROUTE };
  if (access === 'session') return { allow: true };
  if (!s.profileCompleted) return { allow: false, redirect: '/userprofile' };
  if (!(rolesForPath(path) as readonly string[]).includes(s.role!)) return { allow: false, redirect: '/home' };
  return { allow: true };
}

export type THeaderIcon = 'home' | 'postdraft' | 'calender' | 'notifications' | 'news' | 'profile';

/**
 * Whether the navigation holds only News and Profile: an account that pays for the product (BUSINESS, BRANDS, IMC)
 * and has not paid. Influencers and business managers always have the full set.
 */
export const seesOnlyNewsAndProfile = (role: TProfileType, paymentStatus: boolean): boolean =>
  role !== 'INFLUENCER' && role !== 'BUSINESS_MANAGER' && !paymentStatus;

/**
 * Logged-in header icons: influencers and managers always get the full set,
 * BUSINESS only with paymentStatus, other non-influencers without payment see News and Profile.
 * Routes a role may not use (IMC's post draft) are left out.
 */
export function headerIcons(role: TProfileType, paymentStatus: boolean): THeaderIcon[] {
  const full: THeaderIcon[] = ['home', 'postdraft', 'calender', 'notifications', 'profile'];
  const allowed = (icon: THeaderIcon) => icon !== 'postdraft' || ALL_BUT_IMC.includes(role);
  if (seesOnlyNewsAndProfile(role, paymentStatus)) return ['news', 'profile'];
  return full.filter(allowed);
}

/** The bell badge text: nothing at 0, the number up to 9, then '9+'. */
export function badgeText(count: number): string | null {
  if (!count || count <= 0) return null;
  return count > 9 ? '9+' : String(count);
}
