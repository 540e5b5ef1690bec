import { describe, expect, it } from 'vitest';
import { PROFILE_TYPES, type TProfileType } from '../enums';
import {
  badgeText,
  GUEST_ROUTES,
  guardRoute,
  headerIcons,
  ROUTE_ROLES,
  rolesForPath,
  routeAccess,
  SESSION_ROUTES,
  type TGuardSession,
} from './routes';

const ALL = [...PROFILE_TYPES];
const ALL_BUT_IMC = ALL.filter((r) => r !== 'IMC');

/** The role-guarded route matrix, written out route by route. */
const MATRIX: [path: string, roles: TProfileType[]][] = [
  ['/addsocialmedia', ['INFLUENCER', 'BRANDS', 'BUSINESS', 'BUSINESS_MANAGER']],
  ['/social/return', ['INFLUENCER', 'BRANDS', 'BUSINESS']],
  ['/home', ALL],
  ['/postdraft', ALL_BUT_IMC],
  ['/postdraft/2', ALL_BUT_IMC],
  ['/queue', ALL_BUT_IMC],
  ['/posts/import', ALL_BUT_IMC],
  ['/notifications', ALL],
  ['/pointrule', ALL],
  ['/tagged', ALL],
  ['/createcampaignb', ['IMC', 'BRANDS']],
  ['/campaigns', ['IMC', 'BRANDS']],
  ['/campaign', ['IMC', 'BRANDS', 'INFLUENCER']],
  ['/campaign/abc123', ['IMC', 'BRANDS', 'INFLUENCER']],
  ['/campaign/:id/report', ['IMC', 'BRANDS']],
  ['/campaign/abc123/report', ['IMC', 'BRANDS']],
  ['/transactiondetail', ['BRANDS', 'IMC']],
  ['/calender', ALL],
  ['/postoverview', ALL],
  ['/postoverview/abc123', ALL],
  ['/create-subuser', ['BUSINESS']],
  ['/profile', ALL],
  ['/profile/wallet', ALL_BUT_IMC],
  ['/profile/address', ALL],
  ['/profile/notification', ALL],
  ['/profile/privacypolicy', ALL],
  ['/profile/support', ALL],
  ['/profile/updateprofile', ALL],
  ['/profile/updatepassword', ALL],
  ['/profile/faq', ALL],
  ['/profile/updatesubuser', ALL],
  ['/profile/manageusers', ['BUSINESS']],
  ['/profile/managesubusersrole', ['BUSINESS']],
  ['/profile/assignpermissions', ['BUSINESS']],
  ['/profile/pointwallet', ['BUSINESS', 'INFLUENCER', 'BUSINESS_MANAGER']],
  ['/profile/pricing', ['BUSINESS', 'INFLUENCER', 'BRANDS', 'IMC']],
  ['/profile/apikeys', ['INFLUENCER', 'BUSINESS', 'IMC', 'BRANDS']],
];

/** Onboarding steps: any logged-in user, no one without a session. */
const SESSION = ['/userprofile', '/interest', '/Userintrest', '/congratulation', '/allschedulepost', '/allrecentpost'];
/** Only without a session. */
const GUEST = ['/login'];

const PUBLIC = [
  '/',
  '/signup',
  '/selectprofiletype',
  '/forgot-password',
  '/verifyotp',
  '/phoneverify',
  '/createnewpassword',
  '/registration',
  '/imcregistration',
  '/registerationotp',
  '/redirect',
  '/pop',
  '/pricing',
  '/pricing/success',
  '/pricing/payment-failed',
  '/terms',
  '/privacypolicy',
  '/help-support',
  '/message',
  '/no/such/page',
];

describe('rolesForPath: the role-guarded route matrix', () => {
  it.each(MATRIX)('%s allows exactly the listed roles', (path, roles) => {
    expect([...(rolesForPath(path) ?? [])].sort()).toEqual([...roles].sort());
  });

  it('every guarded prefix of ROUTE_ROLES is covered by the matrix above', () => {
    const covered = new Set(MATRIX.map(([p]) => p));
    for (const prefix of Object.keys(ROUTE_ROLES)) expect(covered.has(prefix), prefix).toBe(true);
  });

  it.each([...PUBLIC, ...SESSION, ...GUEST])('%s is not role-guarded', (path) => {
    expect(rolesForPath(path)).toBeNull();
  });

  it('ignores a trailing slash, a query string, a hash and letter case', () => {
    expect(rolesForPath('/create-subuser/')).toEqual(['BUSINESS']);
    expect(rolesForPath('/profile/manageusers?page=2')).toEqual(['BUSINESS']);
    expect(rolesForPath('/profile/pricing#plans')).toEqual(['BUSINESS', 'INFLUENCER', 'BRANDS', 'IMC']);
    expect(rolesForPath('/Profile/ManageUsers')).toEqual(['BUSINESS']);
    expect(rolesForPath('/HOME')).toEqual(ALL);
  });

  it('matches whole path segments only', () => {
    expect(rolesForPath('/homepage')).toBeNull();
    expect(rolesForPath('/profilex')).toBeNull();
    expect(rolesForPath('/profile/walletx')).toEqual(ALL);
  });

  it('matches a ":name" segment to any one segment: a campaign’s report is its owner’s alone', () => {
    expect(rolesForPath('/Campaign/ABC123/Report/?from=campaign')).toEqual(['IMC', 'BRANDS']);
    expect(rolesForPath('/campaign/abc123/report/2026')).toEqual(['IMC', 'BRANDS']);
    // another page under a campaign, or no id at all, is the campaign page's
    expect(rolesForPath('/campaign/abc123/reports')).toEqual(['IMC', 'BRANDS', 'INFLUENCER']);
    expect(rolesForPath('/campaign/report')).toEqual(['IMC', 'BRANDS', 'INFLUENCER']);
    expect(
      guardRoute('/campaign/abc123/report', { token: 'jwt', expiresAtMs: null, role: 'INFLUENCER', profileCompleted: true }, 0),
    ).toEqual({
      allow: false,
      redirect: '/home',
    });
  });

  it('guards deeper paths like their parent', () => {
    expect(rolesForPath('/profile/wallet/history')).toEqual(ALL_BUT_IMC);
    expect(rolesForPath('/profile/manageusers/abc')).toEqual(['BUSINESS']);
  });
});

describe('routeAccess', () => {
  it('names who may open each kind of route', () => {
    for (const p of PUBLIC) expect(routeAccess(p), p).toBe('public');
    for (const p of SESSION) expect(routeAccess(p), p).toBe('session');
    for (const p of GUEST) expect(routeAccess(p), p).toBe('guest');
    for (const [p] of MATRIX) expect(routeAccess(p), p).toBe('role');
  });

  it('lists the onboarding steps and guest pages written out above', () => {
    expect([...SESSION_ROUTES].sort()).toEqual(SESSION.map((p) => p.toLowerCase()).sort());
    expect([...GUEST_ROUTES]).toEqual(GUEST);
  });

  it('matches onboarding and guest paths exactly, ignoring a trailing slash, a query, a hash and letter case', () => {
    expect(routeAccess('/UserProfile/?step=2#top')).toBe('session');
    expect(routeAccess('/userprofile/extra')).toBe('public');
    expect(routeAccess('/loginx')).toBe('public');
  });
});

describe('guardRoute', () => {
  const NOW = 1_750_000_000_000;
  const session = (over: Partial<TGuardSession> = {}): TGuardSession => ({
    token: 'jwt',
    expiresAtMs: NOW + 60_000,
    role: 'INFLUENCER',
    profileCompleted: true,
    ...over,
  });

  const none: TGuardSession = { token: null, expiresAtMs: null, role: null, profileCompleted: false };

  it('lets anyone through a public route', () => {
    for (const p of PUBLIC) {
      expect(guardRoute(p, none, NOW), p).toEqual({ allow: true });
      expect(guardRoute(p, session(), NOW), p).toEqual({ allow: true });
    }
  });

  it('sends a visitor without a live session on an onboarding step to /login', () => {
    for (const p of SESSION) {
      expect(guardRoute(p, none, NOW), p).toEqual({ allow: false, redirect: '/login' });
      expect(guardRoute(p, session({ expiresAtMs: NOW }), NOW), p).toEqual({ allow: false, redirect: '/login' });
    }
  });

  it('lets any logged-in user through an onboarding step, profile complete or not', () => {
    for (const p of SESSION) {
      expect(guardRoute(p, session({ profileCompleted: false }), NOW), p).toEqual({ allow: true });
      expect(guardRoute(p, session({ role: 'IMC' }), NOW), p).toEqual({ allow: true });
    }
  });

  it('sends a logged-in user who opens /login to /home, and lets a visitor without a live session log in', () => {
    expect(guardRoute('/login', session(), NOW)).toEqual({ allow: false, redirect: '/home' });
    expect(guardRoute('/Login/?next=x', session({ profileCompleted: false }), NOW)).toEqual({ allow: false, redirect: '/home' });
    expect(guardRoute('/login', none, NOW)).toEqual({ allow: true });
    expect(guardRoute('/login', session({ expiresAtMs: NOW }), NOW)).toEqual({ allow: true });
  });

  it('sends a visitor without a token or a role to /login', () => {
    expect(guardRoute('/home', session({ token: null }), NOW)).toEqual({ allow: false, redirect: '/login' });
    expect(guardRoute('/home', session({ token: '' }), NOW)).toEqual({ allow: false, redirect: '/login' });
    expect(guardRoute('/home', session({ role: null }), NOW)).toEqual({ allow: false, redirect: '/login' });
  });

  it('sends an expired token (read from its expiry) to /login', () => {
    expect(guardRoute('/home', session({ expiresAtMs: NOW }), NOW)).toEqual({ allow: false, redirect: '/login' });
    expect(guardRoute('/home', session({ expiresAtMs: NOW - 1 }), NOW)).toEqual({ allow: false, redirect: '/login' });
    expect(guardRoute('/home', session({ expiresAtMs: NOW + 1 }), NOW)).toEqual({ allow: true });
    expect(guardRoute('/home', session({ expiresAtMs: null }), NOW)).toEqual({ allow: true });
  });

  it('sends a logged-in user with an incomplete profile to /userprofile', () => {
    expect(guardRoute('/home', session({ profileCompleted: false }), NOW)).toEqual({ allow: false, redirect: '/userprofile' });
  });

  it('sends an authenticated user on a route they may not use to /home', () => {
    expect(guardRoute('/postdraft', session({ role: 'IMC' }), NOW)).toEqual({ allow: false, redirect: '/home' });
    expect(guardRoute('/create-subuser', session({ role: 'BUSINESS_MANAGER' }), NOW)).toEqual({
      allow: false,
      redirect: '/home',
    });
    expect(guardRoute('/profile/pricing', session({ role: 'BUSINESS_MANAGER' }), NOW)).toEqual({
      allow: false,
      redirect: '/home',
    });
  });

  it('lets an allowed role through', () => {
    expect(guardRoute('/create-subuser', session({ role: 'BUSINESS' }), NOW)).toEqual({ allow: true });
    expect(guardRoute('/profile/pointwallet', session({ role: 'BUSINESS_MANAGER' }), NOW)).toEqual({ allow: true });
  });

  it('checks the token first, then the profile, then the role', () => {
    expect(guardRoute('/postdraft', session({ role: 'IMC', expiresAtMs: NOW, profileCompleted: false }), NOW)).toEqual({
      allow: false,
      redirect: '/login',
    });
    expect(guardRoute('/postdraft', session({ role: 'IMC', profileCompleted: false }), NOW)).toEqual({
      allow: false,
      redirect: '/userprofile',
    });
  });
});

describe('headerIcons', () => {
  const FULL = ['home', 'postdraft', 'calender', 'notifications', 'profile'];

  it('influencers and business managers always see the full set', () => {
    for (const role of ['INFLUENCER', 'BUSINESS_MANAGER'] as const) {
      expect(headerIcons(role, false), role).toEqual(FULL);
      expect(headerIcons(role, true), role).toEqual(FULL);
    }
  });

  it('BUSINESS sees the full set only when paymentStatus is true', () => {
    expect(headerIcons('BUSINESS', true)).toEqual(FULL);
    expect(headerIcons('BUSINESS', false)).toEqual(['news', 'profile']);
  });

  it('other non-influencers without payment see only News and Profile', () => {
    expect(headerIcons('BRANDS', false)).toEqual(['news', 'profile']);
    expect(headerIcons('IMC', false)).toEqual(['news', 'profile']);
  });

  it('with payment they get the icons of the routes they may use (IMC has no post draft)', () => {
    expect(headerIcons('BRANDS', true)).toEqual(FULL);
    expect(headerIcons('IMC', true)).toEqual(['home', 'calender', 'notifications', 'profile']);
  });
});

describe('badgeText (bell badge capped at 9+)', () => {
  it('shows nothing at 0 or below', () => {
    expect(badgeText(0)).toBeNull();
    expect(badgeText(-3)).toBeNull();
    expect(badgeText(Number.NaN)).toBeNull();
  });
  it('shows the number from 1 to 9', () => {
    expect(badgeText(1)).toBe('1');
    expect(badgeText(9)).toBe('9');
  });
  it("shows '9+' from 10 up", () => {
    expect(badgeText(10)).toBe('9+');
    expect(badgeText(250)).toBe('9+');
  });
});

describe('the admin console is for an ADMIN only, and an ADMIN has no other logged-in page', () => {
  const now = 1_000_000;
  const as = (role: TGuardSession['role']): TGuardSession => ({
    token: 't',
    expiresAtMs: now + 60_000,
    role,
    profileCompleted: true,
  });

  it('an ADMIN opens /admin and its sections', () => {
    expect(routeAccess('/admin')).toBe('admin');
    expect(routeAccess('/Admin/users?q=x')).toBe('admin');
    expect(guardRoute('/admin', as('ADMIN'), now)).toEqual({ allow: true });
    expect(guardRoute('/admin/audit', as('ADMIN'), now)).toEqual({ allow: true });
  });

  it('every other type goes to /home, a visitor to /login', () => {
    for (const role of PROFILE_TYPES)
      expect(guardRoute('/admin/users', as(role), now)).toEqual({ allow: false, redirect: '/home' });
    expect(guardRoute('/admin', { token: null, expiresAtMs: null, role: null, profileCompleted: false }, now)).toEqual({
      allow: false,
      redirect: '/login',
    });
    expect(guardRoute('/admin', { ...as('ADMIN'), expiresAtMs: now - 1 }, now)).toEqual({ allow: false, redirect: '/login' });
  });

  it('an ADMIN on a profile, onboarding or guest page goes to /admin', () => {
    for (const path of ['/home', '/profile', '/userprofile', '/login', '/postdraft'])
      expect(guardRoute(path, as('ADMIN'), now)).toEqual({ allow: false, redirect: '/admin' });
    expect(guardRoute('/pricing', as('ADMIN'), now)).toEqual({ allow: true });
  });
});
