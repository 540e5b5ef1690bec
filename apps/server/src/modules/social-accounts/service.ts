import { createHash, randomBytes } from 'node:crypto';
import {
  LINK_STATE_TTL_MINUTES,
  MSG,
  orderTiktokPrivacy,
  SOCIAL_MSG,
  SOCIAL_NETWORKS,
  seesNetwork,
  socialNetwork,
  type TLinkablePage,
  type TLinkOrigin,
  TOKEN_REFRESH_AHEAD_MINUTES,
  type TSocialAccount,
  type TSocialLink,
  type TSocialNetwork,
  type TSocialNetworkKey,
} from '@virality/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock';
import { AppError, badRequest, forbidden, notFound } from '../../errors';
import type { TNetworkAdapters } from '../../integrations/networks';
import {
  NetworkError,
  type TConsent,
  type TGrant,
  type TNetworkAdapter,
  type TRemoteAccount,
} from '../../integrations/networks/types';
import { newId } from '../../lib/ids';
import type { TVault } from '../../lib/vault';
import type { TAuthContext } from '../auth/service';
import type { TNotificationsService } from '../notifications/service';
import type { TTeamService } from '../team/service';
import type { TSocialAccountRow, TSocialRepository } from './repository';

type TDeps = {
  repo: TSocialRepository;
  vault: TVault;
  adapters: TNetworkAdapters;
  clock: Clock;
  team: TTeamService;
  notifications: TNotificationsService;
  log: FastifyBaseLogger;
};

const hashState = (state: string) => createHash('sha256').update(state).digest('hex');

/**
 * What an add-account or pages-list call brings: the state from the return address (null when the client sent
 * none), the consent, the client's ids, and the network it names (SocialMediaID), when it names one.
 */
type TConsentBody = {
  state: string | null;
  consent: TConsent;
  ids: { OrgID?: string; UserID?: string };
  socialMediaId?: string | number;
};
/** A page found at consent, kept on its flow until Save (its token sealed, bound to the flow). */
type TKeptPage = {
  remoteId: string;
  kind: TRemoteAccount['kind'];
  userName: string;
  pictureUrl: string | null;
  grant: string | null;
};
/** A grant read back from JSON: its dates are dates again. */
const reviveGrant = (g: TGrant): TGrant => ({
  ...g,
  accessExpiresAt: g.accessExpiresAt ? new Date(g.accessExpiresAt) : null,
  refreshExpiresAt: g.refreshExpiresAt ? new Date(g.refreshExpiresAt) : null,
});

/** The answer a failed network call gets, in plain words: busy networks are a 503, refusals a 400. */
function networkRefusal(label: string, err: NetworkError): AppError {
  if (err.kind === 'retry' || err.kind === 'rate_limited') return new AppError(503, SOCIAL_MSG.networkBusy(label));
  if (err.kind === 'reconnect') return badRequest(SOCIAL_MSG.linkExpired);
  return badRequest(SOCIAL_MSG.networkRefused(label));
}

/** The answer a call with a linked account gets when the network refuses it: reconnect, or try later. */
function accountRefusal(label: string, err: NetworkError): AppError {
  if (err.kind === 'reconnect') return new AppError(409, SOCIAL_MSG.reconnectTitle(label));
  return networkRefusal(label, err);
}

/**
 * Linking social accounts through each network's own consent page, keeping their tokens sealed and fresh,
 * and the list a user's pages and a manager's role read. Only an organization's owner links and unlinks;
 * a manager sees the networks its role opens.
 */
export function createSocialAccountsService(deps: TDeps) {
  const { repo, vault, adapters, clock, team, notifications, log } = deps;

  function networkOf(key: TSocialNetworkKey): { network: TSocialNetwork; adapter: TNetworkAdapter } {
    const network = SOCIAL_NETWORKS.find((n) => n.key === key)!;
    const adapter = adapters[key];
    if (!adapter) throw new AppError(503, SOCIAL_MSG.notConfigured(network.label));
    return { network, adapter };
  }

  /** Linking and unlinking are the owner's: a manager works with the accounts its business linked. */
  function owner(a: TAuthContext) {
    if (a.role === 'BUSINESS_MANAGER') throw forbidden(SOCIAL_MSG.managerCannotLink);
    if (a.role === 'IMC') throw forbidden(MSG.forbidden);
  }

  /** Ids a client sends along (OrgID, UserID) must be the caller's own; another user's are refused. */
  function ownIds(a: TAuthContext, ids: { OrgID?: string; UserID?: string }) {
    if ((ids.UserID && ids.UserID !== a.userId) || (ids.OrgID && ids.OrgID !== a.user.orgId)) throw forbidden(MSG.forbidden);
  }

  const grantOf = (row: TSocialAccountRow): TGrant => ({
    accessToken: vault.open(row.accessToken, row.id),
    refreshToken: row.refreshToken ? vault.open(row.refreshToken, row.id) : null,
    tokenSecret: row.tokenSecret ? vault.open(row.tokenSecret, row.id) : null,
    accessExpiresAt: row.accessExpiresAt,
    refreshExpiresAt: row.refreshExpiresAt,
    scopes: row.scopes,
  });

  const sealed = (id: string, g: TGrant) => ({
    accessToken: vault.seal(g.accessToken, id),
    refreshToken: g.refreshToken ? vault.seal(g.refreshToken, id) : null,
    tokenSecret: g.tokenSecret ? vault.seal(g.tokenSecret, id) : null,
    accessExpiresAt: g.accessExpiresAt,
    refreshExpiresAt: g.refreshExpiresAt,
    scopes: g.scopes,
  });

  const toDto = (row: TSocialAccountRow): TSocialAccount => {
    const network = SOCIAL_NETWORKS.find((n) => n.key === row.network)!;
    return {
      id: row.id,
      UserName: row.userName,
      ProfilePictureURL: row.pictureUrl,
      SocialMediaID: network.id,
      SocialMediaName: network.label,
      Kind: row.kind as TSocialAccount['Kind'],
      Status: row.status as TSocialAccount['Status'],
      StatusReason: row.statusReason,
      CreatedDate: row.createdAt.toISOString(),
    };
  };

  /** The account can no longer be used until its owner consents again: marked once, and its owner told once. */
  async function markReconnect(row: TSocialAccountRow, err: NetworkError) {
    const label = socialNetwork(row.network)!.label;
    const changed = await repo.markReconnect(row.id, row.accessToken, err.reason, clock.now());
    if (!changed || !row.linkedBy) return;
    await notifications.notify(row.linkedBy, {
      type: 'ACCOUNT_RECONNECT',
      title: SOCIAL_MSG.reconnectTitle(label),
      description: SOCIAL_MSG.reconnectBody(label, row.userName),
      payload: { accountId: row.id, network: row.network },
      // once per disconnection: the access the network refused names it (a reconnect brings a new one)
      dedupeKey: `reconnect:${row.id}:${createHash('sha256').update(row.accessToken).digest('base64url').slice(0, 22)}`,
    });
  }

  /**
   * Renews an account's access with its refresh token. A rotating refresh token renewed first by another
   * process is not a dead one: the row is read again and its newer tokens used. Only a refusal of the
   * network (`reconnect`) marks the account; a passing failure is thrown for a later try.
   */
  async function refreshAccount(row: TSocialAccountRow): Promise<TGrant> {
    const { adapter } = networkOf(row.network as TSocialNetworkKey);
    if (!adapter.refresh) return grantOf(row);
    try {
      const fresh = await adapter.refresh(grantOf(row), clock.now());
      const written = await repo.replaceTokens(row.id, row.accessToken, { ...sealed(row.id, fresh), updatedAt: clock.now() });
      if (written) return fresh;
    } catch (err) {
      if (!(err instanceof NetworkError) || err.kind !== 'reconnect') throw err;
      const now = await repo.findById(row.id);
      if (now && now.accessToken !== row.accessToken) return grantOf(now);
      await markReconnect(row, err);
      throw err;
    }
    const again = await repo.findById(row.id);
    if (!again) throw notFound(SOCIAL_MSG.accountNotFound);
    return grantOf(again);
  }

  /**
   * Runs a call with an account's access: renewed first when it is about to expire, and renewed once more if the
   * network refuses it as expired. An access that cannot be renewed marks the account for reconnect.
   */
  async function withAccess<T>(row: TSocialAccountRow, call: (grant: TGrant) => Promise<T>): Promise<T> {
    const { adapter } = networkOf(row.network as TSocialNetworkKey);
    const soon = clock.nowMs() + TOKEN_REFRESH_AHEAD_MINUTES * 60_000;
    let grant =
      row.accessExpiresAt && row.accessExpiresAt.getTime() <= soon && adapter.refresh ? await refreshAccount(row) : grantOf(row);
    try {
      return await call(grant);
    } catch (err) {
      if (!(err instanceof NetworkError) || err.kind !== 'reconnect') throw err;
      if (!adapter.refresh) {
        await markReconnect(row, err);
        throw err;
      }
      const current = (await repo.findById(row.id)) ?? row;
      grant = await refreshAccount(current);
      try {
        return await call(grant);
      } catch (again) {
        if (again instanceof NetworkError && again.kind === 'reconnect')
          await markReconnect((await repo.findById(row.id)) ?? current, again);
        throw again;
      }
    }
  }

  /** An account of the caller's organization that the caller may see (404 otherwise, as for a missing one). */
  async function visibleAccount(a: TAuthContext, id: string): Promise<TSocialAccountRow> {
    const row = await repo.findAccount(a.user.orgId, id);
    if (!row) throw notFound(SOCIAL_MSG.accountNotFound);
    const actor = await team.actorOf(a.user);
    if (!seesNetwork(actor, row.network as TSocialNetworkKey)) throw notFound(SOCIAL_MSG.accountNotFound);
    return row;
  }

  /**
   * The linking flow a consent without State belongs to: the caller's newest open flow of this network, and only
   * where that flow's code is bound to it by PKCE (the network refuses the code with any other flow's verifier).
   * Elsewhere nothing but the State ties a code to the person who consented: a code read from someone else's
   * return address would link their account into the caller's organization, so State stays required there.
   */
  async function flowWithoutState(a: TAuthContext, key: TSocialNetworkKey, label: string) {
    const newest = await repo.newestOpenState(a.userId, key, clock.now());
    if (!newest) throw badRequest(SOCIAL_MSG.linkExpired);
    if (!newest.secret) throw badRequest(SOCIAL_MSG.stateRequired(label));
    return newest;
  }

  /**
   * Takes a consent the return page brought back: the state must be the caller's, for this network, unexpired
   * and unused (it is used up here); the code is exchanged and what it gives is found. Without State (the
   * documented bodies), the caller's newest open flow of a PKCE network is the one (see `flowWithoutState`).
   */
  async function consented(a: TAuthContext, key: TSocialNetworkKey, body: TConsentBody) {
    owner(a);
    ownIds(a, body.ids);
    const { network, adapter } = networkOf(key);
    if (body.socialMediaId !== undefined && socialNetwork(body.socialMediaId)?.key !== key)
      throw badRequest(SOCIAL_MSG.wrongNetwork(network.label));
    if (!body.consent.code && !body.consent.oauthToken) throw badRequest(SOCIAL_MSG.codeRequired);
    // OAuth 1.0a (X) sends no state back: its flow is the one that asked for the request token it returns
    const pending = body.state
      ? await repo.findState(hashState(body.state))
      : body.consent.oauthToken
        ? await repo.findStateByRequestToken(body.consent.oauthToken)
        : await flowWithoutState(a, key, network.label);
    if (!pending) throw badRequest(SOCIAL_MSG.linkExpired);
    const id = pending.id;
    // the state is checked before it is used up: another user's or another network's state is refused untouched
    if (!pending || pending.userId !== a.userId || pending.network !== key) throw badRequest(SOCIAL_MSG.linkExpired);
    const claimed = await repo.claimState(id, clock.now());
    if (!claimed) throw badRequest(SOCIAL_MSG.linkExpired);
    const secret = claimed.secret ? vault.open(claimed.secret, id) : null;
    try {
      const grant = await adapter.exchange(body.consent, secret, clock.now());
      const found = (await adapter.discover(grant)).map((r) => ({ ...r, grant: r.grant ?? grant }));
      return { network, claimed, found };
    } catch (err) {
      if (err instanceof NetworkError) {
        log.warn(
          { network: key, kind: err.kind, status: err.details.status, code: err.details.code },
          'linking failed at the network',
        );
        throw networkRefusal(network.label, err);
      }
      throw err;
    }
  }

  /** Saves a found account with its own access: a new row, or the row waiting for reconnect given new tokens. */
  async function saveRemote(
    a: TAuthContext,
    key: TSocialNetworkKey,
    remote: TRemoteAccount & { grant: TGrant },
  ): Promise<TSocialAccount> {
    const now = clock.now();
    const existing = await repo.findByRemote(a.user.orgId, key, remote.remoteId);
    if (existing) {
      const row = await repo.relink(existing.id, {
        ...sealed(existing.id, remote.grant),
        userName: remote.userName,
        pictureUrl: remote.pictureUrl,
        linkedBy: a.userId,
        updatedAt: now,
      });
      return toDto(row);
    }
    const accountId = newId();
    const row = await repo.insertAccount({
      id: accountId,
      orgId: a.user.orgId,
      linkedBy: a.userId,
      network: key,
      remoteId: remote.remoteId,
      kind: remote.kind,
      userName: remote.userName,
      pictureUrl: remote.pictureUrl,
      ...sealed(accountId, remote.grant),
      createdAt: now,
      updatedAt: now,
    });
    return toDto(row);
  }

  return {
    toDto,
    withAccess,
    /** The networks whose accounts this start can link, in the networks' order. */
    offered: (): TSocialNetworkKey[] => SOCIAL_NETWORKS.filter((n) => adapters[n.key]).map((n) => n.key),

    /** Starts linking: where to send the browser, with a one-time state bound to the caller. */
    async loginUrl(a: TAuthContext, key: TSocialNetworkKey, origin: TLinkOrigin | undefined): Promise<string> {
      owner(a);
      const { adapter } = networkOf(key);
      const state = randomBytes(32).toString('base64url');
      const id = hashState(state);
      let auth: Awaited<ReturnType<TNetworkAdapter['authorize']>>;
      try {
        auth = await adapter.authorize({ state });
      } catch (err) {
        if (err instanceof NetworkError) throw networkRefusal(socialNetwork(key)!.label, err);
        throw err;
      }
      const now = clock.now();
      await repo.insertState({
        id,
        userId: a.userId,
        orgId: a.user.orgId,
        network: key,
        origin: origin ?? null,
        requestToken: auth.requestToken,
        secret: auth.secret ? vault.seal(auth.secret, id) : null,
        expiresAt: new Date(now.getTime() + LINK_STATE_TTL_MINUTES * 60_000),
        createdAt: now,
      });
      return auth.url;
    },

    /**
     * Finishes linking a network without a page chooser: the consent is taken (see `consented`), the account it
     * names saved. An account already linked answers 'Account Already Exist' and changes nothing; one waiting for
     * reconnect takes the new tokens.
     */
    async addAccount(a: TAuthContext, key: TSocialNetworkKey, body: TConsentBody) {
      const { network, claimed, found } = await consented(a, key, body);
      const remote = found[0];
      if (!remote) throw badRequest(SOCIAL_MSG.networkRefused(network.label));
      const existing = await repo.findByRemote(a.user.orgId, key, remote.remoteId);
      if (existing?.status === 'linked') throw new AppError(409, SOCIAL_MSG.accountExists);
      return { account: await saveRemote(a, key, remote), origin: claimed.origin };
    },

    /**
     * The first half of linking a network whose pages are chosen (Facebook, Instagram, LinkedIn): the consent is
     * taken, and the pages it gives are kept (their tokens sealed) on the flow for 15 minutes, for `savePages`.
     * Each page says whether it is already linked (Added).
     */
    async pagesList(
      a: TAuthContext,
      key: TSocialNetworkKey,
      body: TConsentBody,
    ): Promise<(TLinkablePage & { kind: TRemoteAccount['kind'] })[]> {
      const { claimed, found } = await consented(a, key, body);
      const kept = found.map((p) => ({
        remoteId: p.remoteId,
        kind: p.kind,
        userName: p.userName,
        pictureUrl: p.pictureUrl,
        grant: p.grant ? vault.seal(JSON.stringify(p.grant), claimed.id) : null,
      }));
      await repo.keepPages(claimed.id, kept, new Date(clock.nowMs() + LINK_STATE_TTL_MINUTES * 60_000));
      const linked = new Set((await repo.listByOrg(a.user.orgId)).filter((r) => r.network === key).map((r) => r.remoteId));
      return kept.map((p) => ({
        id: p.remoteId,
        name: p.userName,
        picture: p.pictureUrl,
        Added: linked.has(p.remoteId),
        kind: p.kind,
      }));
    },

    /**
     * The second half: saves the chosen pages of a flow `pagesList` kept (the caller's, this network's, within its
     * 15 minutes, once). A page already linked is left as it is; one waiting for reconnect takes the new token.
     */
    async savePages(
      a: TAuthContext,
      key: TSocialNetworkKey,
      body: { state: string | null; pageIds: string[]; ids: { OrgID?: string; UserID?: string } },
    ): Promise<TSocialAccount[]> {
      owner(a);
      ownIds(a, body.ids);
      const { state, pageIds } = body;
      const { network } = networkOf(key);
      if (!state) throw badRequest(SOCIAL_MSG.linkExpired);
      const id = hashState(state);
      const flow = await repo.findState(id);
      if (!flow || flow.userId !== a.userId || flow.network !== key || !flow.pages || flow.expiresAt <= clock.now())
        throw badRequest(SOCIAL_MSG.linkExpired);
      const pages = flow.pages as TKeptPage[];
      const chosen = [...new Set(pageIds)].map((pid) => pages.find((p) => p.remoteId === pid));
      if (chosen.length === 0) throw badRequest(SOCIAL_MSG.choosePage);
      if (chosen.some((p) => !p)) throw badRequest(SOCIAL_MSG.pageNotOffered(network.label));
      // used once: a second Save of the same flow finds nothing to save
      if (!(await repo.dropPages(id))) throw badRequest(SOCIAL_MSG.linkExpired);
      const saved: TSocialAccount[] = [];
      for (const page of chosen as TKeptPage[]) {
        const existing = await repo.findByRemote(a.user.orgId, key, page.remoteId);
        if (existing?.status === 'linked') {
          saved.push(toDto(existing));
          continue;
        }
        const grant = page.grant ? (JSON.parse(vault.open(page.grant, id)) as TGrant) : null;
        if (!grant) throw badRequest(SOCIAL_MSG.networkRefused(network.label));
        saved.push(await saveRemote(a, key, { ...page, grant: reviveGrant(grant) }));
      }
      return saved;
    },

    /** The caller's organization's accounts, optionally of one network; a manager's only where its role gives access. */
    async list(a: TAuthContext, network: TSocialNetwork | null): Promise<TSocialAccount[]> {
      const actor = await team.actorOf(a.user);
      const rows = await repo.listByOrg(a.user.orgId);
      return rows
        .filter((r) => (!network || r.network === network.key) && seesNetwork(actor, r.network as TSocialNetworkKey))
        .map(toDto);
    },

    /**
     * The accounts a post of `user` goes to, each checked through the team's one permission check for `action`
     * (Post, or Scheduler for a scheduled post): another organization's id is not found, a manager's role must
     * open the network. Accounts needing reconnect are refused with what to do.
     */
    async postingAccounts(user: TAuthContext['user'], ids: readonly string[], actions: readonly ('Post' | 'Scheduler')[]) {
      const out: { id: string; network: TSocialNetworkKey; userName: string; pictureUrl: string | null; kind: string }[] = [];
      for (const id of ids) {
        const row = await repo.findAccount(user.orgId, id);
        if (!row) throw notFound(SOCIAL_MSG.accountNotFound);
        for (const action of actions)
          await team.assertCan(user, action, { id: row.id, orgId: row.orgId, network: row.network as TSocialNetworkKey });
        if (row.status === 'needs_reconnect') throw badRequest(SOCIAL_MSG.reconnectTitle(socialNetwork(row.network)!.label));
        out.push({
          id: row.id,
          network: row.network as TSocialNetworkKey,
          userName: row.userName,
          pictureUrl: row.pictureUrl,
          kind: row.kind,
        });
      }
      return out;
    },

    /**
     * The accounts of `user`'s organization whose posting schedules it may change: each checked through the team's
     * permission check for Scheduler (another organization's id is not found). An account needing reconnect is
     * still one: its schedule waits for it.
     */
    async schedulingAccounts(user: TAuthContext['user'], ids: readonly string[]) {
      const out: { id: string; network: TSocialNetworkKey; userName: string }[] = [];
      for (const id of ids) {
        const row = await repo.findAccount(user.orgId, id);
        if (!row) throw notFound(SOCIAL_MSG.accountNotFound);
        await team.assertCan(user, 'Scheduler', { id: row.id, orgId: row.orgId, network: row.network as TSocialNetworkKey });
        out.push({ id: row.id, network: row.network as TSocialNetworkKey, userName: row.userName });
      }
      return out;
    },

    /**
     * Runs a publishing call with an account's access and its network's adapter (renewed ahead of expiry, and once
     * more if the network refuses it; an access that cannot be renewed marks the account for reconnect). An
     * account that is gone or already needs reconnecting fails as `reconnect` without calling the network.
     */
    async withPublishing<T>(
      accountId: string,
      call: (adapter: TNetworkAdapter, grant: TGrant, ref: { remoteId: string; kind: TRemoteAccount['kind'] }) => Promise<T>,
    ): Promise<T> {
      const row = await repo.findForPublishing(accountId);
      if (!row) throw new NetworkError('instagram', 'permanent', SOCIAL_MSG.accountNotFound);
      const key = row.network as TSocialNetworkKey;
      const label = socialNetwork(key)!.label;
      if (row.status === 'needs_reconnect')
        throw new NetworkError(key, 'reconnect', row.statusReason ?? SOCIAL_MSG.reconnectTitle(label));
      const { adapter } = networkOf(key);
      return withAccess(row, (grant) =>
        call(adapter, grant, { remoteId: row.remoteId, kind: row.kind as TRemoteAccount['kind'] }),
      );
    },

    /** Unlinks an account of the caller's organization: its tokens are gone with its row. */
    async unlink(a: TAuthContext, id: string): Promise<string> {
      owner(a);
      const row = await repo.findAccount(a.user.orgId, id);
      if (!row) throw notFound(SOCIAL_MSG.accountNotFound);
      await repo.deleteAccount(a.user.orgId, id);
      return SOCIAL_MSG.unlinked(socialNetwork(row.network)!.label);
    },

    /** A user's accounts keyed as clients read socialLinks (Instagram, Facebook, Youtube, LinkedIn, Tiktok, Twitter, Threads). */
    async socialLinks(a: { userId: string; user: TAuthContext['user'] }) {
      const actor = await team.actorOf(a.user);
      const rows = await repo.listByOrg(a.user.orgId);
      const links: Record<string, TSocialLink[]> = {};
      for (const r of rows) {
        if (!seesNetwork(actor, r.network as TSocialNetworkKey)) continue;
        const n = socialNetwork(r.network)!;
        links[n.linkKey] ??= [];
        links[n.linkKey].push({ id: r.id, UserName: r.userName, ProfilePictureURL: r.pictureUrl, SocialMediaID: n.id });
      }
      return links;
    },

    /** The account an id names, if the caller may see it (404 otherwise). */
    visibleAccount,

    /**
     * YouTube's video categories for a region, read with one of the caller's YouTube channels (the one named, or
     * the first it may see): the list a video's category is chosen from.
     */
    async youtubeCategories(a: TAuthContext, regionCode: string, accountId: string | undefined) {
      const adapter = adapters.youtube;
      if (!adapter) throw new AppError(503, SOCIAL_MSG.notConfigured('YouTube'));
      const row = accountId
        ? await visibleAccount(a, accountId)
        : (await repo.listByOrg(a.user.orgId)).find((r) => r.network === 'youtube' && r.status === 'linked');
      if (row?.network !== 'youtube') throw badRequest(SOCIAL_MSG.youtubeFirst);
      if (!accountId) await visibleAccount(a, row.id);
      try {
        return await withAccess(row, (grant) => adapter.categories(grant, regionCode));
      } catch (err) {
        if (err instanceof NetworkError) throw accountRefusal('YouTube', err);
        throw err;
      }
    },

    /** The privacy levels a linked TikTok account may post with, asked of TikTok with the account's access. */
    async tiktokPrivacyOptions(a: TAuthContext, accountId: string): Promise<string[]> {
      const row = await visibleAccount(a, accountId);
      const adapter = adapters.tiktok;
      if (row.network !== 'tiktok') throw badRequest('UserSocialMediaID is not a TikTok account');
      if (!adapter) throw new AppError(503, SOCIAL_MSG.notConfigured('TikTok'));
      try {
        return orderTiktokPrivacy(await withAccess(row, (grant) => adapter.privacyOptions(grant)));
      } catch (err) {
        if (err instanceof NetworkError) throw accountRefusal('TikTok', err);
        throw err;
      }
    },

    /**
     * PUT user/addSocialAccount: the client confirms a linked account onto its profile; it must be one of the
     * caller's organization's accounts of that network.
     */
    async confirmLinked(a: TAuthContext, accountType: string, accountId: string) {
      const network = socialNetwork(accountType);
      if (!network) throw badRequest(SOCIAL_MSG.networkUnknown);
      const row = await visibleAccount(a, accountId);
      if (row.network !== network.key) throw notFound(SOCIAL_MSG.accountNotFound);
      return this.socialLinks(a);
    },

    /** PUT user/removeSocialAccount: after the unlink, the profile's links as they now are. */
    async confirmUnlinked(a: TAuthContext, accountId: string) {
      if (await repo.findAccount(a.user.orgId, accountId)) throw badRequest('Unlink the account first');
      return this.socialLinks(a);
    },

    /** The daily-and-hourly job: renews every access about to expire; a passing failure waits for the next run. */
    async refreshDue(limit = 100): Promise<{ refreshed: number; reconnect: number; later: number }> {
      const before = new Date(clock.nowMs() + TOKEN_REFRESH_AHEAD_MINUTES * 60_000);
      const due = await repo.dueForRefresh(before, limit);
      const out = { refreshed: 0, reconnect: 0, later: 0 };
      for (const row of due) {
        if (!adapters[row.network as TSocialNetworkKey]) continue;
        try {
          await refreshAccount(row);
          out.refreshed++;
        } catch (err) {
          if (err instanceof NetworkError && err.kind === 'reconnect') out.reconnect++;
          else {
            out.later++;
            log.warn(
              { network: row.network, kind: err instanceof NetworkError ? err.kind : 'error' },
              'token renewal will be tried again',
            );
          }
        }
      }
      await repo.dropStatesBefore(clock.now());
      return out;
    },

    /** For the analytics module: accounts linked after `after` (when, then id), oldest first, so their figures are read. */
    async linkedAfter(after: { at: Date; id: string }, limit: number) {
      return (await repo.linkedAfter(after, limit)).map((r) => ({
        id: r.id,
        orgId: r.orgId,
        network: r.network as TSocialNetworkKey,
        createdAt: r.createdAt,
      }));
    },
  };
}
export type TSocialAccountsService = ReturnType<typeof createSocialAccountsService>;
