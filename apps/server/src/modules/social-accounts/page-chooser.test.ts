import { randomBytes } from 'node:crypto';
import { NETWORK_LIMITS, SOCIAL_MSG } from '@virality/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { socialAccounts } from '../../db/schema';
import { AppError } from '../../errors';
import type { TGrant, TNetworkAdapter, TRemoteAccount } from '../../integrations/networks/types';
import { createVault } from '../../lib/vault';
import { buildTestApp, buildUser, type TTestApp } from '../../test/helpers';
import type { TAuthContext } from '../auth/service';
import { createSocialRepository } from './repository';
import { createSocialAccountsService } from './service';

/**
 * The page chooser's flow (Facebook, Instagram, LinkedIn): the consent's pages are kept on the flow, then the chosen
 * ones saved once. The network is a stand-in adapter here: what is under test is the service's rules.
 */
let t: TTestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

const PAGES: TRemoteAccount[] = ['Acme Foods', 'Acme Drinks', 'Acme Bakes'].map((name, i) => ({
  remoteId: `page-${i + 1}`,
  kind: 'page' as const,
  userName: name,
  pictureUrl: null,
  grant: {
    accessToken: `page-token-${i + 1}`,
    refreshToken: null,
    tokenSecret: null,
    accessExpiresAt: null,
    refreshExpiresAt: null,
    scopes: [],
  },
}));

const unused = async (): Promise<never> => {
  throw new Error('not a linking call');
};

const facebook: TNetworkAdapter = {
  network: 'facebook',
  authorize: async ({ state }) => ({ url: `https://facebook.example/dialog?state=${state}`, secret: null, requestToken: null }),
  exchange: async (): Promise<TGrant> => ({
    accessToken: 'user-token',
    refreshToken: null,
    tokenSecret: null,
    accessExpiresAt: null,
    refreshExpiresAt: null,
    scopes: [],
  }),
  refresh: null,
  discover: async () => PAGES,
  // linking reads none of these: a call to one fails the test
  limits: NETWORK_LIMITS.facebook,
  profile: unused,
  publish: unused,
  publishStatus: unused,
  recentPosts: unused,
  postsSince: unused,
  analytics: unused,
};

function service() {
  return createSocialAccountsService({
    repo: createSocialRepository(t.container.db, t.container.changes),
    vault: createVault([{ id: 'k1', key: randomBytes(32) }], 'k1'),
    adapters: { facebook },
    clock: t.clock,
    team: t.services.team,
    notifications: t.services.notifications,
    log: t.container.log,
  });
}

async function ownerContext(): Promise<TAuthContext> {
  const { user } = await buildUser(t, { profileType: 'BUSINESS' });
  return { userId: user.id, sessionId: 's', role: 'BUSINESS', user };
}

async function refusal(p: Promise<unknown>): Promise<AppError> {
  try {
    await p;
  } catch (err) {
    if (err instanceof AppError) return err;
    throw err;
  }
  throw new Error('expected a refusal');
}

async function consentedPages(social: ReturnType<typeof service>, a: TAuthContext) {
  const url = await social.loginUrl(a, 'facebook', 'addsocialmedia');
  const state = new URL(url).searchParams.get('state')!;
  const pages = await social.pagesList(a, 'facebook', {
    state,
    consent: { code: 'c', oauthToken: null, oauthVerifier: null },
    ids: {},
  });
  return { state, pages };
}

describe("a page chooser's flow", () => {
  it('lists the pages the consent gave, then saves the chosen ones with their own tokens, sealed', async () => {
    const social = service();
    const a = await ownerContext();
    const { state, pages } = await consentedPages(social, a);
    expect(pages).toEqual(PAGES.map((p) => ({ id: p.remoteId, name: p.userName, picture: null, Added: false, kind: 'page' })));
    const saved = await social.savePages(a, 'facebook', { state, pageIds: ['page-1', 'page-3'], ids: {} });
    expect(saved.map((s) => s.UserName)).toEqual(['Acme Foods', 'Acme Bakes']);
    const rows = await t.database.db.select().from(socialAccounts).where(eq(socialAccounts.orgId, a.user.orgId));
    expect(rows).toHaveLength(2);
    for (const r of rows) expect(r.accessToken).not.toContain('page-token');
  });

  it('a second consent shows the saved pages as Added; saving them again leaves them as they are', async () => {
    const social = service();
    const a = await ownerContext();
    const first = await consentedPages(social, a);
    await social.savePages(a, 'facebook', { state: first.state, pageIds: ['page-2'], ids: {} });
    const again = await consentedPages(social, a);
    expect(again.pages.find((p) => p.id === 'page-2')?.Added).toBe(true);
    expect(again.pages.find((p) => p.id === 'page-1')?.Added).toBe(false);
    await social.savePages(a, 'facebook', { state: again.state, pageIds: ['page-2', 'page-1'], ids: {} });
    const rows = await t.database.db.select().from(socialAccounts).where(eq(socialAccounts.orgId, a.user.orgId));
    expect(rows.map((r) => r.remoteId).sort()).toEqual(['page-1', 'page-2']);
  });

  it('Save works once per consent', async () => {
    const social = service();
    const a = await ownerContext();
    const { state } = await consentedPages(social, a);
    await social.savePages(a, 'facebook', { state, pageIds: ['page-1'], ids: {} });
    const replay = await refusal(social.savePages(a, 'facebook', { state, pageIds: ['page-2'], ids: {} }));
    expect(replay.message).toBe(SOCIAL_MSG.linkExpired);
  });

  it("another user's flow, a page the consent did not give, no page at all, or a flow past 15 minutes are refused", async () => {
    const social = service();
    const a = await ownerContext();
    const other = await ownerContext();
    const { state } = await consentedPages(social, a);
    expect((await refusal(social.savePages(other, 'facebook', { state, pageIds: ['page-1'], ids: {} }))).message).toBe(
      SOCIAL_MSG.linkExpired,
    );
    expect((await refusal(social.savePages(a, 'facebook', { state, pageIds: ['page-9'], ids: {} }))).message).toBe(
      SOCIAL_MSG.pageNotOffered('Facebook'),
    );
    expect((await refusal(social.savePages(a, 'facebook', { state, pageIds: [], ids: {} }))).message).toBe(SOCIAL_MSG.choosePage);
    t.clock.advance(16 * 60_000);
    expect((await refusal(social.savePages(a, 'facebook', { state, pageIds: ['page-1'], ids: {} }))).message).toBe(
      SOCIAL_MSG.linkExpired,
    );
    expect(await t.database.db.select().from(socialAccounts).where(eq(socialAccounts.orgId, a.user.orgId))).toEqual([]);
  });

  it('a manager cannot list or save pages', async () => {
    const social = service();
    const a = await ownerContext();
    const manager: TAuthContext = { ...a, role: 'BUSINESS_MANAGER' };
    expect((await refusal(social.loginUrl(manager, 'facebook', undefined))).message).toBe(SOCIAL_MSG.managerCannotLink);
    expect((await refusal(social.savePages(manager, 'facebook', { state: 'x', pageIds: ['page-1'], ids: {} }))).message).toBe(
      SOCIAL_MSG.managerCannotLink,
    );
  });
});
