import {
  CALENDAR_MAX_DAYS,
  CAMPAIGN_INFLUENCER_ROLE,
  CAMPAIGN_MAX_INFLUENCERS,
  CAMPAIGN_MSG,
  CAMPAIGN_PAGE_SIZE,
  CAMPAIGN_TAGS_PER_DAY,
  CAMPAIGNS_PER_DAY,
  campaignBudgetIssue,
  campaignDayIssues,
  canOwnCampaigns,
  dayInZone,
  INSIGHTS_MSG,
  isCampaignDay,
  isTimeZone,
  MONEY_MSG,
  MSG,
  minorToUsd,
  type TCampaign,
  type TCampaignCreateInput,
  type TCampaignDetail,
  type TCampaignList,
  type TCampaignMute,
  type TCampaignPerson,
  type TInfluencerHit,
  usdToMinor,
} from '@virality/domain';
import type { Clock } from '../../clock';
import { badRequest, forbidden, notFound, tooMany } from '../../errors';
import { newId } from '../../lib/ids';
import type { TUnitOfWork } from '../../lib/unit-of-work';
import type { TAuthContext } from '../auth/service';
import type { TNotificationsService } from '../notifications/service';
import type { TUserRow } from '../users/repository';
import type { TWebhooksService } from '../webhooks/service';
import type { TCampaignPaymentsPort, TCampaignPostsPort, TPayableCampaign } from './ports';
import type { TCampaignListRow, TCampaignsRepository, TPersonRow } from './repository';

/** Influencers a search answers at most. */
export const INFLUENCER_SEARCH_MAX = 10;
/** Campaigns a calendar answer holds at most (a range of at most CALENDAR_MAX_DAYS days). */
export const CAMPAIGN_CALENDAR_MAX = 200;

type TDeps = {
  /** Writes the campaign's webhook events (campaign.tagged, campaign.responded) in the unit of the change. */
  webhooks?: Pick<TWebhooksService, 'emit'>;
  repo: TCampaignsRepository;
  notifications: Pick<TNotificationsService, 'notify'>;
  unitOfWork: TUnitOfWork;
  clock: Clock;
};

const personDto = (p: TPersonRow): TCampaignPerson => ({
  _id: p.id,
  name: p.name,
  userName: p.userName,
  profileImage: p.profileImage,
});
/** How a person is named in what others are told. */
const nameOf = (u: Pick<TUserRow, 'name' | 'userName'> & { companyName?: string | null }, fallback: string) =>
  u.name?.trim() || u.companyName?.trim() || u.userName?.trim() || fallback;
const pagesOf = (total: number, size: number) => Math.ceil(total / size);
const unique = (ids: readonly string[] | undefined) => [...new Set((ids ?? []).map((id) => id.trim()).filter(Boolean))];
const DAY_MS = 24 * 60 * 60 * 1000;

/** The zone "today" is read in: the one sent, UTC without one; an unknown zone is refused. */
function zoneOf(timeZone: string | undefined | null): string {
  const zone = timeZone?.trim();
  if (!zone) return 'UTC';
  if (!isTimeZone(zone)) throw badRequest(INSIGHTS_MSG.badTimeZone, { errors: { timeZone: INSIGHTS_MSG.badTimeZone } });
  return zone;
}

/**
 * Campaigns: an IMC or a brand runs one (its brief, budget and days) and tags influencers, who accept or decline.
 * Only the owner and the influencers it tagged ever learn that a campaign exists: to anyone else it is not found.
 * What was paid and which posts were made for one come from the money and posts modules through the ports they
 * register (ports.ts); until one registers, its part reads as nothing.
 */
export function createCampaignsService(deps: TDeps) {
  const { repo, notifications, unitOfWork, clock } = deps;
  let payments: TCampaignPaymentsPort | null = null;
  let posts: TCampaignPostsPort | null = null;

  const todayIn = (zone: string) => dayInZone(clock.now(), zone);

  function assertOwnerRole(a: TAuthContext) {
    if (!canOwnCampaigns(a.role)) throw forbidden(CAMPAIGN_MSG.ownersOnly);
  }
  function assertInfluencer(a: TAuthContext) {
    if (a.role !== CAMPAIGN_INFLUENCER_ROLE) throw forbidden(MSG.forbidden);
  }

  /** The caller's own campaign, or 'Campaign not found' (another owner's campaign is never revealed). */
  async function ownCampaign(a: TAuthContext, id: string) {
    const row = await repo.findCampaign(id);
    if (!row || row.ownerId !== a.userId) throw notFound(CAMPAIGN_MSG.notFound);
    return row;
  }

  /** Of `ids`, every one an influencer who can be tagged, or 'Influencer not found' for the whole call. */
  async function taggableOrRefuse(ids: string[]) {
    const found = await repo.taggableUsers(ids);
    if (found.length !== ids.length) throw notFound(CAMPAIGN_MSG.influencerNotFound);
  }

  /** The name an owner's tags carry; an owner with none is asked to add one before tagging anyone. */
  function ownerNameOf(a: TAuthContext): string {
    const name = nameOf(a.user, '');
    if (!name) throw badRequest(CAMPAIGN_MSG.ownerNameRequired);
    return name;
  }

  /** How many campaigns (and tags) the owner started in the last 24 hours, with the owner's turn taken (in a unit). */
  async function startedToday(ownerId: string) {
    await repo.lockOwner(ownerId);
    return repo.startedSince(ownerId, new Date(clock.nowMs() - DAY_MS));
  }

  /**
   * Tags `ids` (already checked) in the campaign and tells each one tagged now, once, inside the caller's unit: at
   * most CAMPAIGN_TAGS_PER_DAY new tags per owner in 24 hours; an influencer who muted the owner is not told.
   */
  async function tagAndTell(a: TAuthContext, campaign: { id: string; name: string }, ids: string[]) {
    const owner = ownerNameOf(a);
    const already = await repo.alreadyTagged(campaign.id, ids);
    const fresh = ids.filter((id) => !already.has(id));
    if (fresh.length === 0) return;
    if ((await repo.taggedCount(campaign.id)) + fresh.length > CAMPAIGN_MAX_INFLUENCERS)
      throw badRequest(CAMPAIGN_MSG.tooManyInfluencers, { errors: { influencerIds: CAMPAIGN_MSG.tooManyInfluencers } });
    if ((await startedToday(a.userId)).tags + fresh.length > CAMPAIGN_TAGS_PER_DAY) throw tooMany(CAMPAIGN_MSG.tooManyTags);
    const taggedNow = await repo.tag(campaign.id, fresh, clock.now());
    const muted = await repo.mutedBy(a.userId, taggedNow);
    for (const influencerId of taggedNow) {
      const data = { campaignId: campaign.id, campaignName: campaign.name, ownerId: a.userId, influencerId };
      await deps.webhooks?.emit({ userId: a.userId }, 'campaign.tagged', data);
      // an influencer who muted this owner hears nothing of it, webhooks included
      if (!muted.has(influencerId)) await deps.webhooks?.emit({ userId: influencerId }, 'campaign.tagged', data);
    }
    for (const influencerId of taggedNow.filter((id) => !muted.has(id)))
      await notifications.notify(influencerId, {
        type: 'CAMPAIGN_TAGGED',
        title: CAMPAIGN_MSG.taggedTitle(owner, campaign.name),
        description: CAMPAIGN_MSG.taggedBody,
        payload: { payloadId: campaign.id },
        senderId: a.userId,
        dedupeKey: `campaign-tagged:${campaign.id}:${influencerId}`,
      });
  }

  /** What was paid in each campaign (cents): the sum, and per influencer. */
  async function spentOf(ids: string[]) {
    if (!payments || ids.length === 0) return new Map<string, { spentMinor: number; byInfluencer: Map<string, number> }>();
    return payments.spent(ids);
  }

  function campaignDto(r: TCampaignListRow, readerId: string, spentMinor: number): TCampaign {
    return {
      _id: r.id,
      name: r.name,
      brief: r.brief,
      budget: minorToUsd(r.budgetMinor),
      spent: minorToUsd(spentMinor),
      left: minorToUsd(r.budgetMinor - spentMinor),
      currency: 'USD',
      startDate: r.startDate,
      endDate: r.endDate,
      owner: personDto(r.owner),
      myRole: r.ownerId === readerId ? 'owner' : (r.myStatus ?? 'invited'),
      influencerCount: r.influencerCount,
      acceptedCount: r.acceptedCount,
      createdAt: r.createdAt.toISOString(),
      endedAt: r.ownerClosedAt?.toISOString() ?? null,
      ownerMuted: r.ownerMuted,
    };
  }

  async function listDto(
    a: TAuthContext,
    found: { rows: TCampaignListRow[]; total: number },
    page: number,
    size: number,
  ): Promise<TCampaignList> {
    const spent = await spentOf(found.rows.map((r) => r.id));
    return {
      docs: found.rows.map((r) => campaignDto(r, a.userId, spent.get(r.id)?.spentMinor ?? 0)),
      page,
      pages: pagesOf(found.total, size),
      total: found.total,
    };
  }

  /**
   * The campaign as its owner sees it (every influencer, what each was paid, every tagged influencer's posts, every
   * payment) or as a tagged influencer does (themselves only, their own posts and payments); anyone else: not found.
   */
  async function detailFor(a: TAuthContext, id: string): Promise<TCampaignDetail> {
    const row = await repo.listRow(id, a.userId);
    const isOwner = row?.ownerId === a.userId;
    if (!row || (!isOwner && !row.myStatus)) throw notFound(CAMPAIGN_MSG.notFound);
    const tagged = await repo.tagged(id, isOwner ? undefined : a.userId);
    const authors = tagged.map((t) => t.influencerId);
    const [spent, madePosts, paid] = await Promise.all([
      spentOf([id]),
      posts && authors.length > 0 ? posts.forCampaign(id, authors) : [],
      payments ? payments.payments(id, isOwner ? null : a.userId) : [],
    ]);
    const figures = spent.get(id);
    return {
      ...campaignDto(row, a.userId, figures?.spentMinor ?? 0),
      influencers: tagged.map((t) => ({
        user: personDto(t.user),
        status: t.status,
        invitedAt: t.invitedAt.toISOString(),
        answeredAt: t.answeredAt?.toISOString() ?? null,
        paid: minorToUsd(figures?.byInfluencer.get(t.influencerId) ?? 0),
      })),
      posts: madePosts,
      payments: paid,
    };
  }

  return {
    /** The money module says what was paid in campaigns (called once, at start). */
    usePayments(port: TCampaignPaymentsPort) {
      payments = port;
    },
    /** The posts module says which posts were made for campaigns (called once, at start). */
    usePosts(port: TCampaignPostsPort) {
      posts = port;
    },

    /**
     * POST campaigns/create: an IMC's or a brand's campaign, its fields checked by the domain's rules ("today" in the
     * caller's zone), with the influencers given tagged (each told once); nothing is written unless all pass.
     */
    async create(a: TAuthContext, input: TCampaignCreateInput): Promise<TCampaignDetail> {
      assertOwnerRole(a);
      const zone = zoneOf(input.timeZone);
      const errors: Record<string, string> = {};
      const budgetIssue = campaignBudgetIssue(input.budget);
      if (budgetIssue) errors.budget = budgetIssue;
      Object.assign(errors, campaignDayIssues(input.startDate, input.endDate, todayIn(zone)));
      const first = Object.values(errors)[0];
      if (first) throw badRequest(first, { errors });
      const ids = unique(input.influencerIds);
      ownerNameOf(a);
      await taggableOrRefuse(ids);
      const now = clock.now();
      const campaign = { id: newId(), name: input.name };
      await unitOfWork(async () => {
        if ((await startedToday(a.userId)).campaigns + 1 > CAMPAIGNS_PER_DAY) throw tooMany(CAMPAIGN_MSG.tooManyCampaigns);
        await repo.insertCampaign({
          id: campaign.id,
          ownerId: a.userId,
          name: input.name,
          brief: input.brief,
          budgetMinor: usdToMinor(input.budget)!,
          currency: 'USD',
          startDate: input.startDate,
          endDate: input.endDate,
          createdAt: now,
          updatedAt: now,
        });
        await tagAndTell(a, campaign, ids);
      });
      return detailFor(a, campaign.id);
    },

    /** GET campaigns/list: a page of the caller's campaigns, newest first. */
    async list(a: TAuthContext, page = 1): Promise<TCampaignList> {
      assertOwnerRole(a);
      const found = await repo.owned(a.userId, { offset: (page - 1) * CAMPAIGN_PAGE_SIZE, limit: CAMPAIGN_PAGE_SIZE });
      return listDto(a, found, page, CAMPAIGN_PAGE_SIZE);
    },

    /**
     * GET campaigns/tagged: a page of the campaigns the caller is tagged in (whatever their answer), newest first. Any
     * role may ask (the page is every role's); only influencers are ever tagged, so anyone else finds none.
     */
    async tagged(a: TAuthContext, page = 1): Promise<TCampaignList> {
      const found = await repo.taggedIn(a.userId, { offset: (page - 1) * CAMPAIGN_PAGE_SIZE, limit: CAMPAIGN_PAGE_SIZE });
      return listDto(a, found, page, CAMPAIGN_PAGE_SIZE);
    },

    /** GET campaigns/active: a page of the campaigns the caller accepted that run today (in their zone). */
    async active(a: TAuthContext, q: { page?: number; timeZone?: string }): Promise<TCampaignList> {
      assertInfluencer(a);
      const today = todayIn(zoneOf(q.timeZone));
      const page = q.page ?? 1;
      const found = await repo.running(a.userId, today, { offset: (page - 1) * CAMPAIGN_PAGE_SIZE, limit: CAMPAIGN_PAGE_SIZE });
      return listDto(a, found, page, CAMPAIGN_PAGE_SIZE);
    },

    /** GET campaigns/:id */
    detail: (a: TAuthContext, id: string) => detailFor(a, id),

    /**
     * POST campaigns/:id/tag: the owner tags more influencers (each an active influencer account, else the whole
     * call is refused); one tagged before keeps their answer and is not told again. An ended campaign takes none.
     */
    async tag(a: TAuthContext, id: string, input: { influencerIds: string[]; timeZone?: string }): Promise<TCampaignDetail> {
      assertOwnerRole(a);
      const zone = zoneOf(input.timeZone);
      const campaign = await ownCampaign(a, id);
      if (campaign.endDate < todayIn(zone)) throw badRequest(CAMPAIGN_MSG.ended);
      const ids = unique(input.influencerIds);
      await taggableOrRefuse(ids);
      await unitOfWork(async () => {
        const locked = await repo.lockCampaign(id);
        if (!locked) throw notFound(CAMPAIGN_MSG.notFound);
        await tagAndTell(a, locked, ids);
      });
      return detailFor(a, id);
    },

    /** POST campaigns/:id/respond: a tagged influencer accepts or declines, once; the owner is told. */
    async respond(a: TAuthContext, id: string, accept: boolean): Promise<TCampaignDetail> {
      assertInfluencer(a);
      const campaign = await repo.findCampaign(id);
      const status = campaign ? await repo.tagOf(id, a.userId) : null;
      if (!campaign || !status) throw notFound(CAMPAIGN_MSG.notFound);
      if (status !== 'invited') throw badRequest(CAMPAIGN_MSG.alreadyAnswered);
      await unitOfWork(async () => {
        // the update takes only an open invitation: of two answers at once, the second finds none
        if (!(await repo.answer(id, a.userId, accept ? 'accepted' : 'declined', clock.now())))
          throw badRequest(CAMPAIGN_MSG.alreadyAnswered);
        const answered = {
          campaignId: id,
          campaignName: campaign.name,
          ownerId: campaign.ownerId,
          influencerId: a.userId,
          response: accept ? 'accepted' : 'declined',
        };
        await deps.webhooks?.emit({ userId: campaign.ownerId }, 'campaign.responded', answered);
        await deps.webhooks?.emit({ userId: a.userId }, 'campaign.responded', answered);
        await notifications.notify(campaign.ownerId, {
          type: 'CAMPAIGN_ANSWERED',
          title: CAMPAIGN_MSG.answeredTitle(nameOf(a.user, 'An influencer'), campaign.name, accept),
          description: CAMPAIGN_MSG.answeredBody(accept),
          payload: { payloadId: id },
          senderId: a.userId,
          dedupeKey: `campaign-answered:${id}:${a.userId}`,
        });
      });
      return detailFor(a, id);
    },

    /**
     * GET campaigns/influencers/search: at most 10 active influencers with a completed profile, by username prefix
     * or exact e-mail (any case). An e-mail is answered only to whoever typed it.
     */
    async searchInfluencers(a: TAuthContext, q: string): Promise<TInfluencerHit[]> {
      assertOwnerRole(a);
      const rows = await repo.searchInfluencers(q.trim(), INFLUENCER_SEARCH_MAX);
      return rows.map((r) => ({ ...personDto(r), email: r.emailMatched ? r.email : null }));
    },

    /** POST campaigns/campaignsByDate: the campaigns the caller runs or accepted that run on any day of the range. */
    async byDate(a: TAuthContext, input: { startDate: string; endDate: string }): Promise<TCampaignList> {
      const start = input.startDate.trim();
      const end = input.endDate.trim();
      const errors: Record<string, string> = {};
      if (!isCampaignDay(start)) errors.startDate = CAMPAIGN_MSG.badDate;
      if (!isCampaignDay(end)) errors.endDate = CAMPAIGN_MSG.badDate;
      if (errors.startDate || errors.endDate) throw badRequest(CAMPAIGN_MSG.badDate, { errors });
      if (end < start) throw badRequest(INSIGHTS_MSG.rangeOrder, { errors: { endDate: INSIGHTS_MSG.rangeOrder } });
      if ((Date.parse(end) - Date.parse(start)) / DAY_MS + 1 > CALENDAR_MAX_DAYS)
        throw badRequest(INSIGHTS_MSG.rangeTooLong, { errors: { endDate: INSIGHTS_MSG.rangeTooLong } });
      const found = await repo.overlapping(a.userId, start, end, CAMPAIGN_CALENDAR_MAX);
      return listDto(a, found, 1, CAMPAIGN_CALENDAR_MAX);
    },

    /** POST campaigns/campaignByDay: the campaigns the caller runs or accepted that start that day. */
    async byDay(a: TAuthContext, input: { date: string }): Promise<TCampaignList> {
      const day = input.date.trim();
      if (!isCampaignDay(day)) throw badRequest(CAMPAIGN_MSG.badDate, { errors: { date: CAMPAIGN_MSG.badDate } });
      const found = await repo.startingOn(a.userId, day, CAMPAIGN_CALENDAR_MAX);
      return listDto(a, found, 1, CAMPAIGN_CALENDAR_MAX);
    },

    /**
     * For the money module, before a brand pays: the caller's own campaign (else not found) and an influencer tagged
     * in it who has accepted it.
     */
    async payable(a: TAuthContext, campaignId: string, influencerId: string): Promise<TPayableCampaign> {
      const campaign = await ownCampaign(a, campaignId);
      const [tag] = await repo.tagged(campaignId, influencerId);
      if (tag?.status !== 'accepted') throw badRequest(MONEY_MSG.notAccepted);
      return {
        campaignId,
        name: campaign.name,
        ownerId: campaign.ownerId,
        budgetMinor: campaign.budgetMinor,
        influencer: { id: tag.influencerId, name: tag.user.name ?? tag.user.userName },
      };
    },

    /**
     * For the posts module: a post made for a campaign must name one its author has accepted and that runs today.
     * Without `today`, a campaign runs today when it runs on today's date anywhere on earth (UTC-12 to UTC+14), so
     * a campaign the composer offered in the author's own zone is never refused for the zone the server reads.
     */
    async checkPostCampaign(userId: string, campaignId: string, today?: string): Promise<void> {
      const campaign = await repo.findCampaign(campaignId);
      const status = campaign ? await repo.tagOf(campaignId, userId) : null;
      const now = clock.now();
      const latest = today ?? dayInZone(now, 'Etc/GMT-14');
      const earliest = today ?? dayInZone(now, 'Etc/GMT+12');
      if (!campaign || status !== 'accepted' || campaign.startDate > latest || campaign.endDate < earliest)
        throw badRequest(CAMPAIGN_MSG.notForPost);
      // a campaign ends when its owner closes their account
      if (await repo.ownerClosed(campaign.ownerId)) throw badRequest(CAMPAIGN_MSG.notForPost);
    },

    /**
     * The owner is closing their account (inside the closing unit of work): their campaigns that have not passed
     * their last day end with it, and every influencer tagged in one who has not declined is told, once.
     */
    async endCampaignsOf(ownerId: string): Promise<void> {
      for (const c of await repo.unfinishedOf(ownerId, dayInZone(clock.now(), 'Etc/GMT+12')))
        for (const influencerId of c.influencerIds)
          await notifications.notify(influencerId, {
            type: 'CAMPAIGN_ENDED',
            title: CAMPAIGN_MSG.endedTitle(c.name),
            description: CAMPAIGN_MSG.endedBody,
            payload: { payloadId: c.id },
            senderId: ownerId,
            dedupeKey: `campaign-ended:${c.id}:${influencerId}`,
          });
    },

    /** GET campaigns/mutes: the owners the influencer muted, newest first. */
    async mutes(a: TAuthContext): Promise<TCampaignMute[]> {
      if (a.role !== CAMPAIGN_INFLUENCER_ROLE) throw forbidden(CAMPAIGN_MSG.mutesOnlyInfluencers);
      return (await repo.mutes(a.userId)).map((m) => ({ owner: personDto(m.owner), mutedAt: m.mutedAt.toISOString() }));
    },

    /** PUT campaigns/mutes/:ownerId: the owner's tags stay listed but are never notified or pushed to the caller. */
    async mute(a: TAuthContext, ownerId: string): Promise<{ mute: TCampaignMute; message: string }> {
      if (a.role !== CAMPAIGN_INFLUENCER_ROLE) throw forbidden(CAMPAIGN_MSG.mutesOnlyInfluencers);
      const owner = await repo.campaignOwner(ownerId);
      if (!owner) throw notFound(CAMPAIGN_MSG.ownerNotFound);
      const mutedAt = await repo.mute(a.userId, owner.id, clock.now());
      return {
        mute: { owner: personDto(owner), mutedAt: mutedAt.toISOString() },
        message: CAMPAIGN_MSG.muted(nameOf(owner, 'this owner')),
      };
    },

    /** DELETE campaigns/mutes/:ownerId */
    async unmute(a: TAuthContext, ownerId: string): Promise<string> {
      if (a.role !== CAMPAIGN_INFLUENCER_ROLE) throw forbidden(CAMPAIGN_MSG.mutesOnlyInfluencers);
      const owner = await repo.campaignOwner(ownerId);
      if (!owner) throw notFound(CAMPAIGN_MSG.ownerNotFound);
      await repo.unmute(a.userId, owner.id);
      return CAMPAIGN_MSG.unmuted(nameOf(owner, 'this owner'));
    },
  };
}
export type TCampaignsService = ReturnType<typeof createCampaignsService>;
