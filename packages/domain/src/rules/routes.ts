import { PROFILE_TYPES, type TProfileType } from '../enums';

const ALL = PROFILE_TYPES;
const ALL_BUT_IMC: readonly TProfileType[] = PROFILE_TYPES.filter((r) => r !== 'IMC');

/** Role-guarded routes of seed 001 §2; a route absent here is public. Keys are path prefixes. */
export const ROUTE_ROLES: Record<string, readonly TProfileType[]> = {
  '/addsocialmedia': ['INFLUENCER', 'BRANDS', 'BUSINESS', 'BUSINESS_MANAGER'],
  '/home': ALL,
  '/postdraft': ALL_BUT_IMC,
  '/notifications': ALL,
  '/tagged': ALL,
  '/calender': ALL,
  '/create-subuser': ['BUSINESS'],
  '/profile/wallet': ALL_BUT_IMC,
  '/profile/manageusers': ['BUSINESS'],
  '/profile/managesubusersrole': ['BUSINESS'],
  '/profile/assignpermissions': ['BUSINESS'],
  '/profile/pointwallet': ['BUSINESS', 'INFLUENCER', 'BUSINESS_MANAGER'],
  '/profile/pricing': ['BUSINESS', 'INFLUENCER'],
  '/profile': ALL,
};

/** The roles allowed on a path, or null when the path is not guarded. Longest prefix wins. */
export function rolesForPath(path: string): readonly TProfileType[] | null {
  // React Router matches case-insensitively, so '/Home?tab=1#x' must be guarded like '/home'.
  const clean = path.split(/[?#]/)[0].toLowerCase().replace(/\/+$/, '') || '/';
  let best: string | null = null;
  for (const prefix of Object.keys(ROUTE_ROLES)) {
    if (clean === prefix || clean.startsWith(`${prefix}/`)) {
      if (!best || prefix.length > best.length) best = prefix;
    }
  }
  return best ? ROUTE_ROLES[best] : null;
}

export type TGuardSession = {
  token: string | null;
  expiresAtMs: number | null;
  role: TProfileType | null;
  profileCompleted: boolean;
};
export type TGuardResult = { allow: true } | { allow: false; redirect: '/login' | '/home' | '/userprofile' };

/**
 * Route guard (seed 001 §2 "Route guard behaviour"): no token or an expired one goes to /login; a
 * logged-in user whose profile is incomplete goes to /userprofile; a role not allowed goes to /home.
 */
export function guardRoute(path: string, s: TGuardSession, nowMs: number): TGuardResult {
  const roles = rolesForPath(path);
  if (!roles) return { allow: true };
  if (!s.token || !s.role || (s.expiresAtMs !== null && s.expiresAtMs <= nowMs)) return { allow: false, redirect: '/login' };
  if (!s.profileCompleted) return { allow: false, redirect: '/userprofile' };
  if (!roles.includes(s.role)) return { allow: false, redirect: '/home' };
  return { allow: true };
}

export type THeaderIcon = 'home' | 'postdraft' | 'calender' | 'notifications' | 'news' | 'profile';

/**
 * Logged-in header icons (seed 001 §2 "Headers"): influencers and managers always get the full set,
 * BUSINESS only with paymentStatus, other non-influencers without payment see News and Profile.
 * Routes a role may not use (IMC's post draft) are left out.
 */
export function headerIcons(role: TProfileType, paymentStatus: boolean): THeaderIcon[] {
  const full: THeaderIcon[] = ['home', 'postdraft', 'calender', 'notifications', 'profile'];
  const allowed = (icon: THeaderIcon) => icon !== 'postdraft' || ALL_BUT_IMC.includes(role);
  if (role === 'INFLUENCER' || role === 'BUSINESS_MANAGER') return full;
  if (paymentStatus) return full.filter(allowed);
  return ['news', 'profile'];
}

/** The bell badge text: nothing at 0, the number up to 9, then '9+'. */
export function badgeText(count: number): string | null {
  if (!count || count <= 0) return null;
  return count > 9 ? '9+' : String(count);
}
