import { CAMPAIGN_INFLUENCER_ROLE, type TCampaignInfluencerState, type TDeliverable } from '@virality/domain';
import { and, asc, desc, eq, gt, gte, inArray, isNull, lte, ne, or, type SQL, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { campaignInfluencers, campaignMutes, campaignPostReviews, campaigns, users } from '../../db/schema';

export type TCampaignRow = typeof campaigns.$inferSelect;
export type TNewCampaign = typeof campaigns.$inferInsert;

/** A person as the campaigns' answers show them. */
export type TPersonRow = { id: string; name: string | null; userName: string | null; profileImage: string | null };

/** A campaign as lists show it: its row, its owner, its counts and the reader's own answer (null when not tagged). */
export type TCampaignListRow = TCampaignRow & {
  owner: TPersonRow;
  /** When the owner closed their account: the campaign ended then. */
  ownerClosedAt: Date | null;
  /** Whether the reader muted the owner. */
  ownerMuted: boolean;
  influencerCount: number;
  acceptedCount: number;
  myStatus: TCampaignInfluencerState | null;
};

/** A tagged influencer with their answer. */
export type TTaggedRow = {
  influencerId: string;
  status: TCampaignInfluencerState;
  invitedAt: Date;
  answeredAt: Date | null;
  user: TPersonRow;
  /** The terms the owner set (none: no deliverables, fee null, termsAt null). */
  deliverables: TDeliverable[];
  feeMinor: number | null;
  termsAt: Date | null;
  agreedAt: Date | null;
  deliveredAt: Date | null;
};

/** An influencer's terms as written. */
export type TTermsRow = { deliverables: TDeliverable[]; feeMinor: number; termsAt: Date };

const asDate = (v: unknown): Date => (v instanceof Date ? v : new Date(String(v)));

/** `LIKE` reads % and _ as wildcards: a typed prefix is matched as it is. */
const likePrefix = (text: string) => `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A user who can be tagged: an influencer account that is active and not closed. */
const taggable = and(eq(users.profileType, CAMPAIGN_INFLUENCER_ROLE), eq(users.userStatus, true), isNull(users.deletedAt));

/** The campaign's owner still has an account (a campaign ends when its owner closes theirs). */
const ownerOpen = sql`EXISTS (SELECT 1 FROM ${users} AS campaign_owner WHERE campaign_owner.id = ${campaigns.ownerId}
  AND campaign_owner.deleted_at IS NULL)`;

/** The reader's accepted tag on the campaign of the row. */
const acceptedBy = (userId: string) =>
  sql`EXISTS (SELECT 1 FROM ${campaignInfluencers} WHERE ${campaignInfluencers.campaignId} = ${campaigns.id}
    AND ${campaignInfluencers.influencerId} = ${userId} AND ${campaignInfluencers.status} = 'accepted')`;

/** The only place that touches campaigns and their tagged influencers. */
export function createCampaignsRepository(db: TDb) {
  const listFields = (readerId: string) => ({
    campaign: campaigns,
    ownerName: users.name,
    ownerUserName: users.userName,
    ownerImage: users.profileImage,
    ownerClosedAt: users.deletedAt,
    ownerMuted: sql<boolean>`EXISTS (SELECT 1 FROM ${campaignMutes} WHERE ${campaignMutes.ownerId} = ${campaigns.ownerId}
      AND ${campaignMutes.influencerId} = ${readerId})`,
    influencerCount: sql<number>`(SELECT count(*)::int FROM ${campaignInfluencers}
      WHERE ${campaignInfluencers.campaignId} = ${campaigns.id})`,
    acceptedCount: sql<number>`(SELECT count(*)::int FROM ${campaignInfluencers}
      WHERE ${campaignInfluencers.campaignId} = ${campaigns.id} AND ${campaignInfluencers.status} = 'accepted')`,
    myStatus: sql<string | null>`(SELECT ${campaignInfluencers.status} FROM ${campaignInfluencers}
      WHERE ${campaignInfluencers.campaignId} = ${campaigns.id} AND ${campaignInfluencers.influencerId} = ${readerId})`,
  });
  type TListSelect = {
    campaign: TCampaignRow;
    ownerName: string | null;
    ownerUserName: string | null;
    ownerImage: string | null;
    ownerClosedAt: Date | string | null;
    ownerMuted: boolean;
    influencerCount: number;
    acceptedCount: number;
    myStatus: string | null;
  };
  const listRow = (r: TListSelect): TCampaignListRow => ({
    ...r.campaign,
    createdAt: asDate(r.campaign.createdAt),
    updatedAt: asDate(r.campaign.updatedAt),
    owner: { id: r.campaign.ownerId, name: r.ownerName, userName: r.ownerUserName, profileImage: r.ownerImage },
    ownerClosedAt: r.ownerClosedAt === null ? null : asDate(r.ownerClosedAt),
    ownerMuted: Boolean(r.ownerMuted),
    influencerCount: Number(r.influencerCount),
    acceptedCount: Number(r.acceptedCount),
    myStatus: (r.myStatus as TCampaignInfluencerState | null) ?? null,
  });

  /** Campaigns matching `where`, as lists show them to `readerId`, in `order`, and how many match in all. */
  async function listed(
    readerId: string,
    where: SQL | undefined,
    order: SQL[],
    page: { offset: number; limit: number },
  ): Promise<{ rows: TCampaignListRow[]; total: number }> {
    const [rows, [count]] = await Promise.all([
      db
        .select(listFields(readerId))
        .from(campaigns)
        .innerJoin(users, eq(users.id, campaigns.ownerId))
        .where(where)
        .orderBy(...order)
        .limit(page.limit)
        .offset(page.offset),
      db.select({ n: sql<number>`count(*)::int` }).from(campaigns).where(where),
    ]);
    return { rows: rows.map(listRow), total: Number(count?.n ?? 0) };
  }
  const newestFirst = [desc(campaigns.createdAt), desc(campaigns.id)];
  const byStart = [asc(campaigns.startDate), asc(campaigns.createdAt), asc(campaigns.id)];
  /** The reader's tag on the campaign of the row, with any answer, or only the given one. */
  const taggedWith = (userId: string, status?: TCampaignInfluencerState) =>
    sql`EXISTS (SELECT 1 FROM ${campaignInfluencers} WHERE ${campaignInfluencers.campaignId} = ${campaigns.id}
      AND ${campaignInfluencers.influencerId} = ${userId}${status ? sql` AND ${campaignInfluencers.status} = ${status}` : sql``})`;

  return {
    async insertCampaign(row: TNewCampaign): Promise<void> {
      await db.insert(campaigns).values(row);
    },

    async findCampaign(id: string): Promise<TCampaignRow | null> {
      const [row] = await db.select().from(campaigns).where(eq(campaigns.id, id));
      return row ?? null;
    },

    /** The campaign row, locked until the unit of work ends (tags are counted and added one caller at a time). */
    async lockCampaign(id: string): Promise<TCampaignRow | null> {
      const [row] = await db.select().from(campaigns).where(eq(campaigns.id, id)).for('update');
      return row ?? null;
    },

    /** The campaign as a list shows it to `readerId`. */
    async listRow(id: string, readerId: string): Promise<TCampaignListRow | null> {
      const { rows } = await listed(readerId, eq(campaigns.id, id), newestFirst, { offset: 0, limit: 1 });
      return rows[0] ?? null;
    },

    /** Of `ids`, the users who can be tagged (an active influencer account), with their names. */
    async taggableUsers(ids: readonly string[]): Promise<TPersonRow[]> {
      if (ids.length === 0) return [];
      return db
        .select({ id: users.id, name: users.name, userName: users.userName, profileImage: users.profileImage })
        .from(users)
        .where(and(inArray(users.id, [...ids]), taggable));
    },

    /** How many influencers the campaign has tagged. */
    async taggedCount(campaignId: string): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(campaignInfluencers)
        .where(eq(campaignInfluencers.campaignId, campaignId));
      return Number(row?.n ?? 0);
    },

    /** Of `ids`, those already tagged in the campaign. */
    async alreadyTagged(campaignId: string, ids: readonly string[]): Promise<Set<string>> {
      if (ids.length === 0) return new Set();
      const rows = await db
        .select({ id: campaignInfluencers.influencerId })
        .from(campaignInfluencers)
        .where(and(eq(campaignInfluencers.campaignId, campaignId), inArray(campaignInfluencers.influencerId, [...ids])));
      return new Set(rows.map((r) => r.id));
    },

    /** Tags influencers; one already tagged keeps their answer. Returns the ids tagged now. */
    async tag(campaignId: string, ids: readonly string[], now: Date, terms?: TTermsRow): Promise<string[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .insert(campaignInfluencers)
        .values(ids.map((influencerId) => ({ campaignId, influencerId, status: 'invited', invitedAt: now, ...terms })))
        .onConflictDoNothing()
        .returning({ id: campaignInfluencers.influencerId });
      return rows.map((r) => r.id);
    },

    /** The campaign's tagged influencers (or one of them), first tagged first (those tagged together by username). */
    async tagged(campaignId: string, onlyId?: string): Promise<TTaggedRow[]> {
      const rows = await db
        .select({
          influencerId: campaignInfluencers.influencerId,
          status: campaignInfluencers.status,
          invitedAt: campaignInfluencers.invitedAt,
          answeredAt: campaignInfluencers.answeredAt,
          deliverables: campaignInfluencers.deliverables,
          feeMinor: campaignInfluencers.feeMinor,
          termsAt: campaignInfluencers.termsAt,
          agreedAt: campaignInfluencers.agreedAt,
          deliveredAt: campaignInfluencers.deliveredAt,
          name: users.name,
          userName: users.userName,
          profileImage: users.profileImage,
        })
        .from(campaignInfluencers)
        .innerJoin(users, eq(users.id, campaignInfluencers.influencerId))
        .where(
          and(eq(campaignInfluencers.campaignId, campaignId), onlyId ? eq(campaignInfluencers.influencerId, onlyId) : undefined),
        )
        .orderBy(asc(campaignInfluencers.invitedAt), asc(users.userNameLower), asc(campaignInfluencers.influencerId));
      return rows.map((r) => ({
        influencerId: r.influencerId,
        status: r.status as TCampaignInfluencerState,
        invitedAt: asDate(r.invitedAt),
        answeredAt: r.answeredAt ? asDate(r.answeredAt) : null,
        user: { id: r.influencerId, name: r.name, userName: r.userName, profileImage: r.profileImage },
        deliverables: r.deliverables ?? [],
        feeMinor: r.feeMinor,
        termsAt: r.termsAt ? asDate(r.termsAt) : null,
        agreedAt: r.agreedAt ? asDate(r.agreedAt) : null,
        deliveredAt: r.deliveredAt ? asDate(r.deliveredAt) : null,
      }));
    },

    /** An influencer's tag on a campaign: their answer, or null when not tagged. */
    async tagOf(campaignId: string, influencerId: string): Promise<TCampaignInfluencerState | null> {
      const [row] = await db
        .select({ status: campaignInfluencers.status })
        .from(campaignInfluencers)
        .where(and(eq(campaignInfluencers.campaignId, campaignId), eq(campaignInfluencers.influencerId, influencerId)));
      return (row?.status as TCampaignInfluencerState | undefined) ?? null;
    },

    /**
     * Sets an influencer's terms; an influencer who had answered is asked again (invited, the answer cleared). Answers
     * the status it had, or null when not tagged.
     */
    async setTerms(campaignId: string, influencerId: string, terms: TTermsRow): Promise<TCampaignInfluencerState | null> {
      const where = and(eq(campaignInfluencers.campaignId, campaignId), eq(campaignInfluencers.influencerId, influencerId));
      const [before] = await db
        .select({ status: campaignInfluencers.status })
        .from(campaignInfluencers)
        .where(where)
        .for('update');
      if (!before) return null;
      await db
        .update(campaignInfluencers)
        .set({ ...terms, status: 'invited', answeredAt: null, agreedAt: null, deliveredAt: null })
        .where(where);
      return before.status as TCampaignInfluencerState;
    },

    /**
     * Records an answer to an invitation still open, to the terms of `termsAt` (null: none were set); false when there
     * was none (not tagged, answered already) or the terms are no longer those.
     */
    async answer(
      campaignId: string,
      influencerId: string,
      status: 'accepted' | 'declined',
      now: Date,
      termsAt: Date | null,
    ): Promise<boolean> {
      const rows = await db
        .update(campaignInfluencers)
        .set({ status, answeredAt: now, agreedAt: status === 'accepted' && termsAt ? now : null })
        .where(
          and(
            eq(campaignInfluencers.campaignId, campaignId),
            eq(campaignInfluencers.influencerId, influencerId),
            eq(campaignInfluencers.status, 'invited'),
            termsAt ? eq(campaignInfluencers.termsAt, termsAt) : isNull(campaignInfluencers.termsAt),
          ),
        )
        .returning({ id: campaignInfluencers.influencerId });
      return rows.length > 0;
    },

    /** Whether the campaign's owner has closed their account (the campaign ended then). */
    async ownerClosed(ownerId: string): Promise<boolean> {
      const [row] = await db.select({ closedAt: users.deletedAt }).from(users).where(eq(users.id, ownerId));
      return !row || row.closedAt !== null;
    },
    /** Takes the owner's campaign-making turn: what they start is counted one call at a time. */
    async lockOwner(ownerId: string): Promise<void> {
      await db.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`campaigns:owner:${ownerId}`}))`);
    },
    /** How many campaigns the owner made, and how many influencers they tagged, since `since`. */
    async startedSince(ownerId: string, since: Date): Promise<{ campaigns: number; tags: number }> {
      const [c] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(campaigns)
        .where(and(eq(campaigns.ownerId, ownerId), gt(campaigns.createdAt, since)));
      const [t] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(campaignInfluencers)
        .innerJoin(campaigns, eq(campaigns.id, campaignInfluencers.campaignId))
        .where(and(eq(campaigns.ownerId, ownerId), gt(campaignInfluencers.invitedAt, since)));
      return { campaigns: Number(c?.n ?? 0), tags: Number(t?.n ?? 0) };
    },
    /** Of `ids`, those who muted `ownerId`. */
    async mutedBy(ownerId: string, ids: readonly string[]): Promise<Set<string>> {
      if (ids.length === 0) return new Set();
      const rows = await db
        .select({ id: campaignMutes.influencerId })
        .from(campaignMutes)
        .where(and(eq(campaignMutes.ownerId, ownerId), inArray(campaignMutes.influencerId, [...ids])));
      return new Set(rows.map((r) => r.id));
    },
    /** The campaigns of `ownerId` that have not passed their last day (`today`), with who is tagged and not declined. */
    async unfinishedOf(ownerId: string, today: string): Promise<{ id: string; name: string; influencerIds: string[] }[]> {
      const rows = await db
        .select({ id: campaigns.id, name: campaigns.name, influencerId: campaignInfluencers.influencerId })
        .from(campaigns)
        .leftJoin(
          campaignInfluencers,
          and(eq(campaignInfluencers.campaignId, campaigns.id), ne(campaignInfluencers.status, 'declined')),
        )
        .where(and(eq(campaigns.ownerId, ownerId), gte(campaigns.endDate, today)));
      const byId = new Map<string, { id: string; name: string; influencerIds: string[] }>();
      for (const r of rows) {
        const c = byId.get(r.id) ?? { id: r.id, name: r.name, influencerIds: [] };
        if (r.influencerId) c.influencerIds.push(r.influencerId);
        byId.set(r.id, c);
      }
      return [...byId.values()];
    },
    async mutes(influencerId: string): Promise<{ owner: TPersonRow; mutedAt: Date }[]> {
      const rows = await db
        .select({
          id: users.id,
          name: users.name,
          userName: users.userName,
          profileImage: users.profileImage,
          mutedAt: campaignMutes.createdAt,
        })
        .from(campaignMutes)
        .innerJoin(users, eq(users.id, campaignMutes.ownerId))
        .where(eq(campaignMutes.influencerId, influencerId))
        .orderBy(desc(campaignMutes.createdAt));
      return rows.map(({ mutedAt, ...owner }) => ({ owner, mutedAt: asDate(mutedAt) }));
    },
    /** Mutes the owner for the influencer (again: no change); resolves to when it was first muted. */
    async mute(influencerId: string, ownerId: string, now: Date): Promise<Date> {
      const [made] = await db
        .insert(campaignMutes)
        .values({ influencerId, ownerId, createdAt: now })
        .onConflictDoNothing()
        .returning({ mutedAt: campaignMutes.createdAt });
      if (made) return asDate(made.mutedAt);
      const [had] = await db
        .select({ mutedAt: campaignMutes.createdAt })
        .from(campaignMutes)
        .where(and(eq(campaignMutes.influencerId, influencerId), eq(campaignMutes.ownerId, ownerId)));
      return asDate(had.mutedAt);
    },
    async unmute(influencerId: string, ownerId: string): Promise<void> {
      await db.delete(campaignMutes).where(and(eq(campaignMutes.influencerId, influencerId), eq(campaignMutes.ownerId, ownerId)));
    },
    /** A person who may run campaigns (an IMC or a brand), or null. */
    async campaignOwner(id: string): Promise<TPersonRow | null> {
      const [row] = await db
        .select({ id: users.id, name: users.name, userName: users.userName, profileImage: users.profileImage })
        .from(users)
        .where(and(eq(users.id, id), inArray(users.profileType, ['IMC', 'BRANDS'])));
      return row ?? null;
    },

    /** A page of the campaigns `ownerId` runs, newest first. */
    owned: (ownerId: string, page: { offset: number; limit: number }) =>
      listed(ownerId, eq(campaigns.ownerId, ownerId), newestFirst, page),

    /** A page of the campaigns `userId` is tagged in (any answer), newest first. */
    taggedIn: (userId: string, page: { offset: number; limit: number }) => listed(userId, taggedWith(userId), newestFirst, page),

    /** A page of the campaigns `userId` accepted that run on `day` (first and last days included), newest first. */
    running: (userId: string, day: string, page: { offset: number; limit: number }) =>
      listed(
        userId,
        and(taggedWith(userId, 'accepted'), lte(campaigns.startDate, day), gte(campaigns.endDate, day), ownerOpen),
        newestFirst,
        page,
      ),

    /** The campaigns `userId` runs or has accepted that run on any day from `start` to `end`, by first day. */
    overlapping: (userId: string, start: string, end: string, limit: number) =>
      listed(
        userId,
        and(or(eq(campaigns.ownerId, userId), acceptedBy(userId)), lte(campaigns.startDate, end), gte(campaigns.endDate, start)),
        byStart,
        { offset: 0, limit },
      ),

    /** The campaigns `userId` runs or has accepted whose first day is `day`. */
    startingOn: (userId: string, day: string, limit: number) =>
      listed(userId, and(or(eq(campaigns.ownerId, userId), acceptedBy(userId)), eq(campaigns.startDate, day)), byStart, {
        offset: 0,
        limit,
      }),

    /**
     * Influencers to tag: active influencer accounts with a completed profile whose username starts with `q`
     * (any case), or whose e-mail is `q` (any case); by username. The e-mail is read only to say whether it matched.
     */
    async searchInfluencers(q: string, limit: number): Promise<(TPersonRow & { emailMatched: boolean; email: string | null })[]> {
      const lower = q.toLowerCase();
      const byEmail = eq(users.email, lower);
      const rows = await db
        .select({
          id: users.id,
          name: users.name,
          userName: users.userName,
          profileImage: users.profileImage,
          email: users.email,
        })
        .from(users)
        .where(
          and(taggable, eq(users.profileCompleted, true), or(sql`${users.userNameLower} LIKE ${likePrefix(lower)}`, byEmail)),
        )
        .orderBy(asc(users.userNameLower), asc(users.id))
        .limit(limit);
      return rows.map((r) => ({ ...r, emailMatched: r.email === lower }));
    },

    /** Marks an influencer's deliverables all published, once: false when they were already. */
    async markDelivered(campaignId: string, influencerId: string, at: Date): Promise<boolean> {
      const rows = await db
        .update(campaignInfluencers)
        .set({ deliveredAt: at })
        .where(
          and(
            eq(campaignInfluencers.campaignId, campaignId),
            eq(campaignInfluencers.influencerId, influencerId),
            isNull(campaignInfluencers.deliveredAt),
          ),
        )
        .returning({ id: campaignInfluencers.influencerId });
      return rows.length > 0;
    },
    /** Whether posts made for the campaign wait for the owner's approval. */
    async setApproval(campaignId: string, required: boolean, now: Date): Promise<void> {
      await db.update(campaigns).set({ approvalRequired: required, updatedAt: now }).where(eq(campaigns.id, campaignId));
    },
    /** A step of a post's review, kept for its history. */
    async addReviewStep(step: typeof campaignPostReviews.$inferInsert): Promise<void> {
      await db.insert(campaignPostReviews).values(step);
    },
    /** The review steps of these posts, oldest first. */
    async reviewStepsOf(postIds: readonly string[]) {
      if (postIds.length === 0) return [];
      return db
        .select()
        .from(campaignPostReviews)
        .where(inArray(campaignPostReviews.postId, [...postIds]))
        .orderBy(asc(campaignPostReviews.createdAt), asc(campaignPostReviews.id));
    },
  };
}
export type TCampaignsRepository = ReturnType<typeof createCampaignsRepository>;
