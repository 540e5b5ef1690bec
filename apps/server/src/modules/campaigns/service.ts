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
  DELIVERY_MSG,
  dayInZone,
  daysBetween,
  deliveryProgress,
  feeToMinor,
  formatUsd,
  INSIGHTS_MSG,
  isCampaignDay,
  isTimeZone,
  MONEY_MSG,
  MSG,
  minorToUsd,
  REVIEW_MSG,
  reportFigures,
  reportTotals,
  type TCampaign,
  type TCampaignCreateInput,
  type TCampaignDetail,
  type TCampaignList,
  type TCampaignMute,
  type TCampaignPerson,
  type TCampaignPostPreview,
  type TCampaignReport,
  type TCampaignReviewAction,
  type TCampaignReviewInput,
  type TCampaignTermsInput,
  TERMS_MSG,
  type TInfluencerHit,
  type TReportPost,
  termsIssues,
  usdToMinor,
} from '@virality/domain';
import type { Clock } from '../../clock';
import { AppError, badRequest, forbidden, notFound, tooMany } from '../../errors';
import { newId } from '../../lib/ids';
import type { TUnitOfWork } from '../../lib/unit-of-work';
import type { TAuthContext } from '../auth/service';
import type { TNotificationsService } from '../notifications/service';
import type { TUserRow } from '../users/repository';
import type { TWebhooksService } from '../webhooks/service';
import type { TCampaignFiguresPort, TCampaignPaymentsPort, TCampaignPostsPort, TPayableCampaign } from './ports';
import type { TCampaignListRow, TCampaignRow, TCampaignsRepository, TPersonRow, TTermsRow } from './repository';

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
  let figures: TCampaignFiguresPort | null = null;

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
  async function tagAndTell(a: TAuthContext, campaign: { id: string; name: string }, ids: string[], terms?: TTermsRow) {
    const owner = ownerNameOf(a);
    const already = await repo.alreadyTagged(campaign.id, ids);
    const fresh = ids.filter((id) => !already.has(id));
    if (fresh.length === 0) return;
    if ((await repo.taggedCount(campaign.id)) + fresh.length > CAMPAIGN_MAX_INFLUENCERS)
      throw badRequest(CAMPAIGN_MSG.tooManyInfluencers, { errors: { influencerIds: CAMPAIGN_MSG.tooManyInfluencers } });
    if ((await startedToday(a.userId)).tags + fresh.length > CAMPAIGN_TAGS_PER_DAY) throw tooMany(CAMPAIGN_MSG.tooManyTags);
    const taggedNow = await repo.tag(campaign.id, fresh, clock.now(), terms);
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

  /** Terms checked against the campaign's days and budget (400 with each field's words), as they are written. */
  function termsRowOf(
    campaign: Pick<TCampaignRow, 'startDate' | 'endDate' | 'budgetMinor'>,
    input: TCampaignTermsInput,
  ): TTermsRow {
    const errors = termsIssues(input, campaign);
    const first = Object.values(errors)[0];
    if (first) throw badRequest(first, { errors });
    return { deliverables: input.deliverables, feeMinor: feeToMinor(input.fee)!, termsAt: clock.now() };
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
      approvalRequired: r.approvalRequired,
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
    const steps = await repo.reviewStepsOf(madePosts.map((p) => p._id));
    const withTerms = tagged.filter((t) => t.termsAt && t.feeMinor !== null).map((t) => t.influencerId);
    const delivered = posts && withTerms.length ? await posts.deliveries(id, withTerms) : [];
    return {
      ...campaignDto(row, a.userId, figures?.spentMinor ?? 0),
      influencers: tagged.map((t) => ({
        user: personDto(t.user),
        status: t.status,
        invitedAt: t.invitedAt.toISOString(),
        answeredAt: t.answeredAt?.toISOString() ?? null,
        paid: minorToUsd(figures?.byInfluencer.get(t.influencerId) ?? 0),
        terms:
          t.termsAt && t.feeMinor !== null
            ? {
                deliverables: t.deliverables,
                fee: minorToUsd(t.feeMinor),
                setAt: t.termsAt.toISOString(),
                agreedAt: t.agreedAt?.toISOString() ?? null,
              }
            : null,
        delivery:
          t.termsAt && t.feeMinor !== null
            ? {
                ...deliveryProgress(
                  t.deliverables,
                  delivered.filter((d) => d.authorId === t.influencerId),
                  clock.now(),
                ),
                completedAt: t.deliveredAt?.toISOString() ?? null,
                feeDue: minorToUsd(Math.max(0, t.feeMinor - (figures?.byInfluencer.get(t.influencerId) ?? 0))),
              }
            : null,
      })),
      posts: madePosts.map((p) => ({
        ...p,
        reviews: steps
          .filter((r) => r.postId === p._id)
          .map((r) => ({ action: r.action as TCampaignReviewAction, remark: r.remark, at: r.createdAt.toISOString() })),
      })),
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
    /** The analytics module says what the networks' figures of published posts are (called once, at start). */
    useFigures(port: TCampaignFiguresPort) {
      figures = port;
    },

    /**
     * GET campaigns/:id/report: the owner's report of what the campaign bought: each published post and account with
     * its figures as last read, per influencer their deliverables, figures and payments, the sums (of the rows),
     * spend, cost per engagement and per 1,000 views, and a day-by-day series over the campaign's days.
     */
    async report(a: TAuthContext, id: string): Promise<TCampaignReport> {
      assertOwnerRole(a);
      const campaign = await ownCampaign(a, id);
      const [tagged, published, spent, paid] = await Promise.all([
        repo.tagged(id),
        posts ? posts.published(id) : [],
        spentOf([id]),
        payments ? payments.payments(id, null) : [],
      ]);
      const read = figures ? await figures(published.map((p) => p.targetId)) : new Map();
      const nameById = new Map(tagged.map((t) => [t.influencerId, nameOf(t.user, 'Influencer')]));
      const rows: TReportPost[] = published.map((p) => {
        const f = read.get(p.targetId);
        return {
          postId: p.postId,
          influencerId: p.authorId,
          influencer: nameById.get(p.authorId) ?? 'Influencer',
          network: p.network,
          accountName: p.accountName,
          format: p.format,
          url: p.url,
          caption: p.caption,
          publishedAt: p.publishedAt.toISOString(),
          figuresAt: f?.fetchedAt.toISOString() ?? null,
          ...reportFigures(f?.metrics ?? null),
        };
      });
      const byInfluencer = spent.get(id)?.byInfluencer ?? new Map<string, number>();
      const now = clock.now();
      const progress = new Map(
        tagged.map((t) => [
          t.influencerId,
          t.termsAt
            ? deliveryProgress(
                t.deliverables,
                published.filter((p) => p.authorId === t.influencerId),
                now,
              ).items
            : [],
        ]),
      );
      const influencers = tagged
        .filter((t) => t.status === 'accepted' || rows.some((r) => r.influencerId === t.influencerId))
        .map((t) => ({
          influencerId: t.influencerId,
          name: nameOf(t.user, 'Influencer'),
          fee: t.termsAt && t.feeMinor !== null ? minorToUsd(t.feeMinor) : null,
          ...reportTotals(
            rows.filter((r) => r.influencerId === t.influencerId),
            minorToUsd(byInfluencer.get(t.influencerId) ?? 0),
            progress.get(t.influencerId) ?? [],
          ),
        }));
      const completed = paid.filter((p) => p.paymentStatus === 'COMPLETED');
      // the days gone by (a day still to come has no figures, not figures of 0)
      const today = clock.now().toISOString().slice(0, 10);
      const days = daysBetween(campaign.startDate, campaign.endDate)
        .filter((date) => date <= today)
        .map((date) => {
          const those = rows.filter((r) => r.publishedAt.slice(0, 10) === date);
          return {
            date,
            views: those.reduce((n, r) => n + (r.views ?? 0), 0),
            engagement: those.reduce((n, r) => n + r.engagement, 0),
            spent:
              Math.round(completed.filter((p) => p.date.slice(0, 10) === date).reduce((n, p) => n + p.amount, 0) * 100) / 100,
          };
        });
      return {
        campaign: {
          id,
          name: campaign.name,
          owner: nameOf(a.user, 'Owner'),
          startDate: campaign.startDate,
          endDate: campaign.endDate,
          budget: minorToUsd(campaign.budgetMinor),
          currency: 'USD',
        },
        generatedAt: now.toISOString(),
        totals: reportTotals(rows, minorToUsd(spent.get(id)?.spentMinor ?? 0), [...progress.values()].flat()),
        influencers,
        posts: rows,
        days,
      };
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
    async tag(
      a: TAuthContext,
      id: string,
      input: { influencerIds: string[]; terms?: TCampaignTermsInput; timeZone?: string },
    ): Promise<TCampaignDetail> {
      assertOwnerRole(a);
      const zone = zoneOf(input.timeZone);
      const campaign = await ownCampaign(a, id);
      if (campaign.endDate < todayIn(zone)) throw badRequest(CAMPAIGN_MSG.ended);
      const terms = input.terms ? termsRowOf(campaign, input.terms) : undefined;
      const ids = unique(input.influencerIds);
      await taggableOrRefuse(ids);
      await unitOfWork(async () => {
        const locked = await repo.lockCampaign(id);
        if (!locked) throw notFound(CAMPAIGN_MSG.notFound);
        await tagAndTell(a, locked, ids, terms);
      });
      return detailFor(a, id);
    },

    /**
     * PUT campaigns/:id/influencers/:influencerId/terms: the owner sets what a tagged influencer is to deliver and the
     * fee (checked against the campaign's days and budget). An influencer who had answered is asked again: their
     * answer is cleared and they are told (unless they muted the owner); what they posted for the campaign stays.
     */
    async setTerms(
      a: TAuthContext,
      id: string,
      influencerId: string,
      input: TCampaignTermsInput,
    ): Promise<{ detail: TCampaignDetail; message: string }> {
      assertOwnerRole(a);
      const campaign = await ownCampaign(a, id);
      if (campaign.endDate < todayIn('Etc/GMT+12')) throw badRequest(CAMPAIGN_MSG.ended);
      const terms = termsRowOf(campaign, input);
      const owner = ownerNameOf(a);
      let before: string | null = null;
      await unitOfWork(async () => {
        if (!(await repo.lockCampaign(id))) throw notFound(CAMPAIGN_MSG.notFound);
        before = await repo.setTerms(id, influencerId, terms);
        if (!before) throw notFound(TERMS_MSG.notTagged);
        if ((await repo.mutedBy(a.userId, [influencerId])).has(influencerId)) return;
        await notifications.notify(influencerId, {
          type: 'CAMPAIGN_TAGGED',
          title: TERMS_MSG.changedTitle(owner, campaign.name),
          description: TERMS_MSG.changedBody,
          payload: { payloadId: id },
          senderId: a.userId,
          dedupeKey: `campaign-terms:${id}:${influencerId}:${terms.termsAt.getTime()}`,
        });
      });
      const detail = await detailFor(a, id);
      const who = detail.influencers.find((i) => i.user._id === influencerId);
      const name = who?.user.name ?? who?.user.userName ?? 'The influencer';
      return { detail, message: before === 'invited' ? TERMS_MSG.saved : TERMS_MSG.savedAskAgain(name) };
    },

    /**
     * POST campaigns/:id/respond: a tagged influencer accepts or declines, once; accepting agrees to the terms they
     * read (`termsAt`: terms changed since are refused with 409, so nobody agrees to terms they did not see); the
     * owner is told.
     */
    async respond(a: TAuthContext, id: string, accept: boolean, termsAt?: string): Promise<TCampaignDetail> {
      assertInfluencer(a);
      const campaign = await repo.findCampaign(id);
      const [tag] = campaign ? await repo.tagged(id, a.userId) : [];
      if (!campaign || !tag) throw notFound(CAMPAIGN_MSG.notFound);
      if (tag.status !== 'invited') throw badRequest(CAMPAIGN_MSG.alreadyAnswered);
      const changed = () => new AppError(409, TERMS_MSG.changedSinceRead, null, 'CONFLICT');
      if (termsAt !== undefined && termsAt !== (tag.termsAt?.toISOString() ?? '')) throw changed();
      await unitOfWork(async () => {
        // the update takes only an open invitation to the terms read: of two answers at once, the second finds none
        if (!(await repo.answer(id, a.userId, accept ? 'accepted' : 'declined', clock.now(), tag.termsAt))) {
          const [now] = await repo.tagged(id, a.userId);
          if (now?.status === 'invited') throw changed();
          throw badRequest(CAMPAIGN_MSG.alreadyAnswered);
        }
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
     * For the publishing engine, inside the unit that writes a campaign post's publish: when it completes its
     * author's deliverables, that is kept and the owner told (once: the mark is taken only while it is not set).
     */
    async targetPublished(campaignId: string, authorId: string): Promise<void> {
      const [tag] = await repo.tagged(campaignId, authorId);
      if (!tag?.termsAt || tag.feeMinor === null || tag.deliveredAt || !posts) return;
      const progress = deliveryProgress(tag.deliverables, await posts.deliveries(campaignId, [authorId]), clock.now());
      if (!progress.complete) return;
      const campaign = await repo.findCampaign(campaignId);
      if (!campaign || !(await repo.markDelivered(campaignId, authorId, clock.now()))) return;
      await notifications.notify(campaign.ownerId, {
        type: 'CAMPAIGN_ANSWERED',
        title: DELIVERY_MSG.deliveredTitle(nameOf(tag.user, 'An influencer'), campaign.name),
        description: DELIVERY_MSG.deliveredBody(formatUsd(tag.feeMinor)),
        payload: { payloadId: campaignId },
        senderId: authorId,
        dedupeKey: `campaign-delivered:${campaignId}:${authorId}:${tag.termsAt.getTime()}`,
      });
    },

    /** For the posts module: whether a post made for the campaign waits for its owner's approval. */
    async approvalRequired(campaignId: string): Promise<boolean> {
      return (await repo.findCampaign(campaignId))?.approvalRequired ?? false;
    },

    /**
     * For the posts module, inside the unit that sends a post for approval: the step kept and the owner told (unless
     * the owner closed their account). Answers the owner's name, for the author's message.
     */
    async postSubmitted(input: { campaignId: string; postId: string; author: { id: string; name: string } }): Promise<string> {
      const row = await repo.listRow(input.campaignId, input.author.id);
      if (!row) throw badRequest(CAMPAIGN_MSG.notForPost);
      const now = clock.now();
      await repo.addReviewStep({
        id: newId(),
        campaignId: input.campaignId,
        postId: input.postId,
        actorId: input.author.id,
        action: 'submitted',
        remark: null,
        createdAt: now,
      });
      await notifications.notify(row.ownerId, {
        type: 'CAMPAIGN_ANSWERED',
        title: REVIEW_MSG.submittedTitle(input.author.name, row.name),
        description: REVIEW_MSG.submittedBody,
        payload: { payloadId: input.campaignId },
        senderId: input.author.id,
        dedupeKey: `campaign-post-submitted:${input.postId}:${now.getTime()}`,
      });
      return nameOf(row.owner, 'the campaign’s owner');
    },

    /** PUT campaigns/:id/approval: whether posts made for it from now on wait for the owner (those waiting still do). */
    async setApproval(a: TAuthContext, id: string, required: boolean): Promise<{ detail: TCampaignDetail; message: string }> {
      assertOwnerRole(a);
      await ownCampaign(a, id);
      await repo.setApproval(id, required, clock.now());
      return { detail: await detailFor(a, id), message: required ? REVIEW_MSG.approvalOn : REVIEW_MSG.approvalOff };
    },

    /** GET campaigns/:id/posts/:postId: a post made for the campaign, whole, for its owner (or its author) to read. */
    async postPreview(a: TAuthContext, id: string, postId: string): Promise<TCampaignPostPreview> {
      const row = await repo.findCampaign(id);
      if (!row) throw notFound(CAMPAIGN_MSG.notFound);
      const isOwner = row.ownerId === a.userId;
      // to anyone but its owner and the influencers it tagged, the campaign does not exist
      if (!isOwner && !(await repo.tagOf(id, a.userId))) throw notFound(CAMPAIGN_MSG.notFound);
      const post = posts ? await posts.preview(id, postId) : null;
      if (!post || (!isOwner && post.author._id !== a.userId)) throw notFound(REVIEW_MSG.postNotInCampaign);
      const steps = await repo.reviewStepsOf([postId]);
      return {
        ...post,
        reviews: steps.map((r) => ({
          action: r.action as TCampaignReviewAction,
          remark: r.remark,
          at: r.createdAt.toISOString(),
        })),
      };
    },

    /**
     * POST campaigns/:id/posts/:postId/review: the owner approves a post awaiting approval (it goes out as its author
     * meant: now, at its time, or to the queue; now when its time has passed) or asks for changes with a remark. The
     * step is kept and the author told, in the same unit of work as the change. A repeat of an approval (a lost answer,
     * two at once) sends nothing again and answers the campaign as it stands.
     */
    async reviewPost(
      a: TAuthContext,
      id: string,
      postId: string,
      input: TCampaignReviewInput,
    ): Promise<{ detail: TCampaignDetail; message: string }> {
      assertOwnerRole(a);
      const campaign = await ownCampaign(a, id);
      const remark = input.remark?.trim() || null;
      if (!input.approve && !remark)
        throw badRequest(REVIEW_MSG.remarkRequired, { errors: { remark: REVIEW_MSG.remarkRequired } });
      if (!posts) throw notFound(REVIEW_MSG.postNotInCampaign);
      const port = posts;
      const now = clock.now();
      const done = await unitOfWork(async () => {
        const r = await port.review({ campaignId: id, postId, reviewerId: a.userId, approve: input.approve, remark });
        if (r.outcome === 'replayed') return r;
        await repo.addReviewStep({
          id: newId(),
          campaignId: id,
          postId,
          actorId: a.userId,
          action: r.outcome,
          remark: r.outcome === 'changes_requested' ? remark : null,
          createdAt: now,
        });
        await notifications.notify(r.authorId, {
          type: 'CAMPAIGN_TAGGED',
          title: r.outcome === 'approved' ? REVIEW_MSG.approvedTitle(campaign.name) : REVIEW_MSG.changesTitle(campaign.name),
          description: r.outcome === 'approved' ? REVIEW_MSG.approvedNow : (remark ?? ''),
          payload: { payloadId: id },
          senderId: a.userId,
          dedupeKey: `campaign-post-reviewed:${postId}:${now.getTime()}`,
        });
        return r;
      });
      const message =
        done.outcome === 'changes_requested'
          ? REVIEW_MSG.changesRequested
          : done.sent === 'schedule'
            ? REVIEW_MSG.approvedScheduled
            : done.sent === 'queue'
              ? REVIEW_MSG.approvedQueued
              : done.sent === 'now'
                ? REVIEW_MSG.approvedNow
                : REVIEW_MSG.approved;
      return { detail: await detailFor(a, id), message };
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
