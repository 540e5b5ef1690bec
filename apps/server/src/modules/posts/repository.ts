import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, lt, notInArray, or, type SQL, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { pointsLedger, posts, postTargets, publishAttempts, type TPostMedia, users } from '../../db/schema';
import { createCache } from '../../lib/cache';
import type { TChanges } from '../../lib/changes';

export type TPostRow = typeof posts.$inferSelect;
export type TTargetRow = typeof postTargets.$inferSelect;
export type TNewPost = typeof posts.$inferInsert;
export type TNewTarget = typeof postTargets.$inferInsert;
/** A post made for a campaign, as the campaign shows it. */
export type TCampaignPostRow = {
  id: string;
  caption: string;
  isScheduled: boolean;
  isPaused: boolean;
  isPostDone: boolean;
  scheduledAt: Date | null;
  postedAt: Date | null;
  createdAt: Date;
  authorId: string;
  authorName: string | null;
  authorUserName: string | null;
  authorImage: string | null;
  campaignReview: string | null;
  remark: string | null;
  targets: { network: string; state: string }[];
};

/** Target states in which nothing more will happen to it by itself (a target to check waits for its user). */
export const FINAL_STATES = ['published', 'failed', 'needs_reconnect', 'needs_check', 'canceled'] as const;
/** Target states a scheduled post's targets move between before they go out. */
const WAITING_STATES = ['scheduled', 'paused', 'queued'] as const;
/**
 * The lists' conditions, written as the partial indexes' own predicates (posts_org_waiting_idx, posts_org_out_idx)
 * so that the planner sees they match and reads a page in order from the index.
 */
const LIVE = sql`${posts.isActive} AND NOT ${posts.isDraft}`;
const WAITING = sql`${posts.isActive} AND NOT ${posts.isDraft} AND ${posts.isScheduled} AND NOT ${posts.isPostDone}`;
const OUT = sql`${posts.isActive} AND NOT ${posts.isDraft} AND ${posts.isPostDone}`;
/** When a post shows on the calendar: a scheduled post not yet out at its scheduled moment, others when they went out. */
const SHOWN_AT = sql`CASE WHEN ${posts.isScheduled} AND NOT ${posts.isPostDone} THEN ${posts.scheduledAt} ELSE ${posts.postedAt} END`;
/** How long an organization's counts may be served without a change heard (a lost change is bounded by it). */
const COUNTS_TTL_MS = 5_000;

/**
 * A claim on a target for one attempt: the target as it is now, what it was before the claim, and how the previous
 * attempt ended (null when it never ended, or there was none).
 */
export type TClaim = { target: TTargetRow; post: TPostRow; prior: TTargetRow; priorOutcome: string | null };

/** The posts shown on the calendar from `from` (included) to `to` (excluded): each half matches its index. */
const shownWhere = (orgId: string, from: Date, to: Date) =>
  and(
    eq(posts.orgId, orgId),
    or(
      and(WAITING, gte(posts.scheduledAt, from), lt(posts.scheduledAt, to)),
      and(OUT, gte(posts.postedAt, from), lt(posts.postedAt, to)),
    ),
  );

/** The only place that touches posts, their targets, publish attempts and the points ledger. */
export function createPostsRepository(db: TDb, changes: TChanges) {
  // An organization's list counts (a scan of every match, tens of milliseconds on a big organization) are kept
  // until any of its posts changes: every change of a post is announced as `orgId.postId` and heard by every
  // process, which forgets that organization's counts. Pages are read fresh here; the posts service keeps the
  // answers it builds from them, forgotten by the same announcements.
  const listCounts = createCache<{ orgId: string; n: number }>(changes, {
    ttlMs: COUNTS_TTL_MS,
    max: 20_000,
    tags: (v) => [['post', v.orgId]],
    grouped: ['post'],
  });
  type TTotals = {
    orgId: string;
    counts: { total: number; posted: number; scheduled: number; drafts: number; failed: number };
    byNetwork: [string, number][];
  };
  const totalsCache = createCache<TTotals>(changes, {
    ttlMs: COUNTS_TTL_MS,
    max: 20_000,
    tags: (v) => [['post', v.orgId]],
    grouped: ['post'],
  });
  // the calendar's counts per day of a range, kept the same way (a range, its time zone)
  const dayCounts = createCache<{ orgId: string; days: [string, number][] }>(changes, {
    ttlMs: COUNTS_TTL_MS,
    max: 20_000,
    tags: (v) => [['post', v.orgId]],
    grouped: ['post'],
  });
  /**
   * Tells every process a post moved: its organization's counts and pages are forgotten where the change is heard
   * (this process's at once), and live pages read again. Every write of a post or of a target below says it (once
   * per unit of work), so no caller can forget to.
   */
  const changed = (orgId: string, postId: string) => changes.announce('post', `${orgId}.${postId}`);
  /** An organization's post counts by state and its targets published per network, read in two queries. */
  async function countTotals(orgId: string) {
    const settledNotOut = sql`${LIVE} AND NOT ${posts.isPostDone} AND ${posts.settledAt} IS NOT NULL`;
    const [counts] = await db
      .select({
        total: sql<number>`count(*) FILTER (WHERE ${LIVE})::int`,
        posted: sql<number>`count(*) FILTER (WHERE ${LIVE} AND ${posts.isPostDone})::int`,
        scheduled: sql<number>`count(*) FILTER (WHERE ${LIVE} AND ${posts.isScheduled} AND NOT ${posts.isPostDone} AND ${posts.settledAt} IS NULL)::int`,
        drafts: sql<number>`count(*) FILTER (WHERE ${posts.isActive} AND ${posts.isDraft})::int`,
        failed: sql<number>`count(*) FILTER (WHERE ${settledNotOut} AND NOT EXISTS (SELECT 1 FROM ${postTargets} WHERE ${postTargets.postId} = ${posts.id} AND ${postTargets.state} NOT IN ('failed', 'needs_reconnect', 'needs_check')))::int`,
      })
      .from(posts)
      .where(eq(posts.orgId, orgId));
    const byNetwork = await db
      .select({ network: postTargets.network, n: sql<number>`count(*)::int` })
      .from(postTargets)
      .innerJoin(posts, eq(posts.id, postTargets.postId))
      .where(and(eq(posts.orgId, orgId), eq(posts.isActive, true), eq(posts.isDraft, false), eq(postTargets.state, 'published')))
      .groupBy(postTargets.network);
    return { counts, byNetwork: byNetwork.map((r): [string, number] => [r.network, r.n]) };
  }
  // prepared once: the statements a page of the lists runs (built and planned once, not on every call)
  const pageArgs = { offset: sql.placeholder('offset'), limit: sql.placeholder('limit') };
  const recentPage = db
    .select()
    .from(posts)
    .where(and(eq(posts.orgId, sql.placeholder('orgId')), isNotNull(posts.postedAt), OUT))
    .orderBy(desc(posts.postedAt), desc(posts.id))
    .limit(pageArgs.limit)
    .offset(pageArgs.offset)
    .prepare('posts_recent_page');
  const scheduledPage = db
    .select()
    .from(posts)
    .where(and(eq(posts.orgId, sql.placeholder('orgId')), WAITING))
    .orderBy(asc(posts.scheduledAt), asc(posts.id))
    .limit(pageArgs.limit)
    .offset(pageArgs.offset)
    .prepare('posts_scheduled_page');
  const targetsOfPage = db
    .select()
    .from(postTargets)
    .where(sql`${postTargets.postId} = ANY(${sql.placeholder('ids')})`)
    .orderBy(asc(postTargets.createdAt), asc(postTargets.id))
    .prepare('posts_targets_of_page');
  const namesOfWriters = db
    .select({ id: users.id, name: users.name, userName: users.userName })
    .from(users)
    .where(sql`${users.id} = ANY(${sql.placeholder('ids')})`)
    .prepare('posts_writer_names');
  /**
   * One page of the posts that match, in that order, and how many match in all. A page that is not full, and
   * not past the end, says how many there are itself: the count is made (or taken from the organization's
   * cached counts, under `counted`) only when needed.
   */
  async function pageOfPosts(
    where: SQL | undefined,
    order: SQL[],
    q: { offset: number; limit: number },
    counted?: { orgId: string; list: 'recent' | 'scheduled' },
  ) {
    const prepared = counted && !changes.inUnit() ? (counted.list === 'recent' ? recentPage : scheduledPage) : null;
    const rows = prepared
      ? await prepared.execute({ orgId: counted!.orgId, offset: q.offset, limit: q.limit })
      : await db
          .select()
          .from(posts)
          .where(where)
          .orderBy(...order)
          .limit(q.limit)
          .offset(q.offset);
    if (rows.length < q.limit && (rows.length > 0 || q.offset === 0)) return { rows, total: q.offset + rows.length };
    const count = async () => (await db.select({ n: sql<number>`count(*)::int` }).from(posts).where(where))[0].n;
    if (!counted) return { rows, total: await count() };
    const hit = await listCounts.get(`${counted.orgId}:${counted.list}`, async () => ({
      orgId: counted.orgId,
      n: await count(),
    }));
    return { rows, total: hit!.n };
  }
  return {
    async insertPost(post: TNewPost, targets: TNewTarget[]): Promise<void> {
      await db.insert(posts).values(post);
      if (targets.length) await db.insert(postTargets).values(targets);
      await changed(post.orgId, post.id);
    },
    async findPost(orgId: string, id: string): Promise<TPostRow | null> {
      const [row] = await db
        .select()
        .from(posts)
        .where(and(eq(posts.id, id), eq(posts.orgId, orgId)));
      return row ?? null;
    },
    async findPostById(id: string): Promise<TPostRow | null> {
      const [row] = await db.select().from(posts).where(eq(posts.id, id));
      return row ?? null;
    },
    /** The post, locked for the rest of the unit of work (its state changes one at a time). */
    async lockPost(orgId: string, id: string): Promise<TPostRow | null> {
      const [row] = await db
        .select()
        .from(posts)
        .where(and(eq(posts.id, id), eq(posts.orgId, orgId)))
        .for('update');
      return row ?? null;
    },
    async updatePost(id: string, patch: Partial<TNewPost>): Promise<TPostRow> {
      const [row] = await db.update(posts).set(patch).where(eq(posts.id, id)).returning();
      if (row) await changed(row.orgId, row.id);
      return row;
    },
    async targetsOf(postId: string): Promise<TTargetRow[]> {
      return db
        .select()
        .from(postTargets)
        .where(eq(postTargets.postId, postId))
        .orderBy(asc(postTargets.createdAt), asc(postTargets.id));
    },
    async targetsOfPosts(postIds: string[]): Promise<TTargetRow[]> {
      if (postIds.length === 0) return [];
      if (!changes.inUnit()) return targetsOfPage.execute({ ids: postIds });
      return db
        .select()
        .from(postTargets)
        .where(inArray(postTargets.postId, postIds))
        .orderBy(asc(postTargets.createdAt), asc(postTargets.id));
    },
    async findTarget(id: string): Promise<TTargetRow | null> {
      const [row] = await db.select().from(postTargets).where(eq(postTargets.id, id));
      return row ?? null;
    },
    async updateTarget(id: string, patch: Partial<TNewTarget>): Promise<TTargetRow> {
      const [row] = await db.update(postTargets).set(patch).where(eq(postTargets.id, id)).returning();
      if (row) await changed(row.orgId, row.postId);
      return row;
    },
    /** The job that will run a target: bookkeeping no list shows, so no change is announced. */
    async setTargetJob(id: string, jobId: string): Promise<void> {
      await db.update(postTargets).set({ jobId }).where(eq(postTargets.id, id));
    },
    async insertTargets(targets: TNewTarget[]): Promise<void> {
      if (targets.length === 0) return;
      await db.insert(postTargets).values(targets);
      for (const t of targets) await changed(t.orgId, t.postId);
    },
    async deleteTargets(postId: string): Promise<void> {
      const gone = await db.delete(postTargets).where(eq(postTargets.postId, postId)).returning({ orgId: postTargets.orgId });
      if (gone.length) await changed(gone[0].orgId, postId);
    },
    /**
     * Takes targets for one publish attempt each (many at once, in one transaction: a few statements however many),
     * answering per input its claim, or null when there is nothing to do now: a target that is not
     * due, done, paused, canceled, or held by a live attempt elsewhere. A target held by an attempt whose lease
     * has run out (its process died) is taken over: the caller must then find out whether the dead attempt's
     * publish went out before sending it again. Only the lease says an attempt is dead: a job pg-boss runs again
     * (it thought its worker gone) while the first run still holds the target finds it held and does nothing.
     */
    async claimTargets(
      inputs: readonly { id: string; jobId: string; attemptId: string }[],
      at: { now: Date; leaseUntil: Date },
    ): Promise<(TClaim | null)[]> {
      const ids = [...new Set(inputs.map((i) => i.id))];
      if (ids.length === 0) return [];
      // the targets and their last attempts' outcomes, the targets' rows locked in one order (as every batch takes them)
      const found = await db
        .select({ prior: postTargets, lastOutcome: publishAttempts.outcome })
        .from(postTargets)
        .leftJoin(publishAttempts, eq(publishAttempts.id, postTargets.attemptId))
        .where(inArray(postTargets.id, ids))
        .orderBy(asc(postTargets.id))
        .for('update', { of: postTargets });
      // their posts, share-locked: a post's other targets are claimed beside these, while a pause, a cancel or a
      // send-now (which lock the post for update) waits for this claim to commit and then finds the targets taken
      const postIds = [...new Set(found.map((f) => f.prior.postId))].sort();
      const postRows = postIds.length
        ? await db.select().from(posts).where(inArray(posts.id, postIds)).orderBy(asc(posts.id)).for('share')
        : [];
      const postOf = new Map(postRows.map((p) => [p.id, p]));
      const byId = new Map(found.map((f) => [f.prior.id, f]));
      const nowMs = at.now.getTime();
      const claims: (TClaim | null)[] = [];
      const taken = new Set<string>();
      for (const input of inputs) {
        const f = byId.get(input.id);
        const post = f ? postOf.get(f.prior.postId) : undefined;
        // a target named twice in one batch (two of its jobs at once) is claimed by the first only
        if (!f || !post || taken.has(input.id) || !post.isActive || post.isDraft) {
          claims.push(null);
          continue;
        }
        const { prior } = f;
        const due = !prior.dueAt || prior.dueAt.getTime() <= nowMs;
        const waiting = (prior.state === 'queued' || prior.state === 'scheduled') && due && !post.isPaused;
        const polling = prior.state === 'processing' && prior.leaseUntil === null;
        // held by an attempt whose lease ran out (its process died), or handed back from one (no lease)
        const abandoned =
          (prior.state === 'publishing' && prior.leaseUntil === null) ||
          ((prior.state === 'publishing' || prior.state === 'processing') &&
            prior.leaseUntil !== null &&
            prior.leaseUntil.getTime() < nowMs);
        if (!waiting && !polling && !abandoned) {
          claims.push(null);
          continue;
        }
        taken.add(input.id);
        // the row as the statement below leaves it (it is locked: nothing else changes it meanwhile)
        const target: TTargetRow = {
          ...prior,
          state: prior.state === 'processing' ? 'processing' : 'publishing',
          attemptId: input.attemptId,
          attempts: prior.attempts + 1,
          leaseUntil: at.leaseUntil,
          attemptStartedAt: at.now,
          // the first attempt that may send opens the window a later check reads back to; it never moves forward
          sentWindowFrom: prior.sentWindowFrom ?? at.now,
          jobId: input.jobId,
          updatedAt: at.now,
        };
        claims.push({ target, post, prior, priorOutcome: f.lastOutcome ?? null });
      }
      const given = claims.filter((c): c is TClaim => c !== null);
      if (given.length === 0) return claims;
      // the attempts are recorded by the same statement that gives the targets to them
      const now = at.now.toISOString();
      const rows = sql.join(
        given.map((c) => sql`(${c.target.id}, ${c.target.attemptId}, ${c.target.jobId}, ${c.target.state})`),
        sql`, `,
      );
      await db.execute(sql`
        WITH v (id, attempt_id, job_id, state) AS (VALUES ${rows}),
        attempt AS (
          INSERT INTO ${publishAttempts} (id, target_id, started_at)
          SELECT v.attempt_id, v.id, ${now}::timestamptz FROM v
        )
        UPDATE ${postTargets} AS t SET
          state = v.state,
          attempt_id = v.attempt_id,
          attempts = t.attempts + 1,
          lease_until = ${at.leaseUntil.toISOString()}::timestamptz,
          attempt_started_at = ${now}::timestamptz,
          sent_window_from = COALESCE(t.sent_window_from, ${now}::timestamptz),
          job_id = v.job_id,
          updated_at = ${now}::timestamptz
        FROM v WHERE t.id = v.id`);
      for (const post of new Map(given.map((c) => [c.post.id, c.post])).values()) await changed(post.orgId, post.id);
      return claims;
    },
    /** Writes an attempt's result, only while that attempt still holds the target (a later one took it: nothing). */
    async finishAttempt(
      targetId: string,
      attemptId: string,
      patch: Partial<TNewTarget>,
      outcome: { outcome: string; detail: string | null; at: Date; nextAt?: Date | null },
    ): Promise<TTargetRow | null> {
      // the attempt's end is written by the same statement as the target's (the attempt ends however the target
      // stands: a later attempt that took the target over does not keep this one open)
      const ended = db
        .$with('ended', { id: publishAttempts.id })
        .as(
          sql`UPDATE ${publishAttempts} SET finished_at = ${outcome.at.toISOString()}::timestamptz, outcome = ${outcome.outcome}, detail = ${outcome.detail}, next_at = ${outcome.nextAt?.toISOString() ?? null}::timestamptz WHERE id = ${attemptId} RETURNING id`,
        );
      const [row] = await db
        .with(ended)
        .update(postTargets)
        .set(patch)
        .where(and(eq(postTargets.id, targetId), eq(postTargets.attemptId, attemptId)))
        .returning();
      if (row) await changed(row.orgId, row.postId);
      return row ?? null;
    },
    /**
     * Writes many attempts' publishes at once (one statement for the targets and their attempts): each only while
     * its attempt still holds the target. Answers the ids of the targets written (a later attempt took the others).
     */
    async finishPublished(
      items: readonly {
        targetId: string;
        attemptId: string;
        remotePostId: string;
        remoteUrl: string | null;
        prepUsed: boolean;
        outcome: string;
      }[],
      at: Date,
    ): Promise<Set<string>> {
      if (items.length === 0) return new Set();
      const when = at.toISOString();
      const rows = sql.join(
        items.map(
          (i) =>
            sql`(${i.targetId}, ${i.attemptId}, ${i.remotePostId}, ${i.remoteUrl}, ${i.prepUsed ? 'true' : 'false'}, ${i.outcome})`,
        ),
        sql`, `,
      );
      const result = await db.execute(sql`
        WITH v (id, attempt_id, remote_post_id, remote_url, prep_used, outcome) AS (VALUES ${rows}),
        ended AS (
          UPDATE ${publishAttempts} AS a SET finished_at = ${when}::timestamptz, outcome = v.outcome, detail = v.remote_post_id
          FROM v WHERE a.id = v.attempt_id
        )
        UPDATE ${postTargets} AS t SET
          state = 'published',
          remote_post_id = v.remote_post_id,
          remote_url = v.remote_url,
          published_at = ${when}::timestamptz,
          lease_until = NULL,
          ticket = NULL,
          error = NULL,
          internal_error = NULL,
          prep_used = t.prep_used OR v.prep_used::boolean,
          updated_at = ${when}::timestamptz
        FROM v WHERE t.id = v.id AND t.attempt_id = v.attempt_id
        RETURNING t.id, t.org_id, t.post_id`);
      const written = (result as unknown as { rows: { id: string; org_id: string; post_id: string }[] }).rows;
      for (const r of written) await changed(r.org_id, r.post_id);
      return new Set(written.map((r) => r.id));
    },
    /** Many posts, locked for the rest of the unit of work, in one order (as every batch takes them). */
    async lockPostsByIds(ids: readonly string[]): Promise<TPostRow[]> {
      if (ids.length === 0) return [];
      return db
        .select()
        .from(posts)
        .where(inArray(posts.id, [...ids]))
        .orderBy(asc(posts.id))
        .for('update');
    },
    /** Records the points many posts earned on networks, each once per post and network (see earnPoints). */
    async earnPointsMany(
      rows: readonly { id: string; userId: string; postId: string; network: string; points: number; earnedAt: Date }[],
    ) {
      if (rows.length === 0) return;
      await db
        .insert(pointsLedger)
        .values(rows.map((row) => ({ ...row, reason: 'post', inTotal: false })))
        .onConflictDoNothing({ target: [pointsLedger.postId, pointsLedger.network] });
    },
    /**
     * Keeps what the network holds ready for a target, only while it still waits for its first publish attempt
     * and holds nothing prepared already: false otherwise (an attempt began meanwhile, it was paused or canceled),
     * and the caller lets the new preparation go. Bookkeeping no list shows: no change is announced.
     */
    async storePrep(
      targetId: string,
      prep: { key: string; ticket: string; until: Date; at: Date; ms: number },
    ): Promise<boolean> {
      const rows = await db
        .update(postTargets)
        .set({
          prepTicket: prep.ticket,
          prepKey: prep.key,
          prepUntil: prep.until,
          prepAt: prep.at,
          prepMs: prep.ms,
          prepError: null,
          prepStartedAt: null,
        })
        .where(
          and(
            eq(postTargets.id, targetId),
            eq(postTargets.attempts, 0),
            inArray(postTargets.state, ['scheduled', 'queued']),
            isNull(postTargets.prepTicket),
          ),
        )
        .returning({ id: postTargets.id });
      return rows.length > 0;
    },
    /**
     * Forgets a target's prepared ticket, only while no publish attempt has begun (an attempt reads the ticket
     * when it claims the target, under the same row lock): true when this call took it away, so the caller may
     * remove it from the network knowing no publish will use it.
     */
    async dropPrep(targetId: string, ticket: string): Promise<boolean> {
      const rows = await db
        .update(postTargets)
        .set({ prepTicket: null, prepKey: null, prepUntil: null })
        .where(and(eq(postTargets.id, targetId), eq(postTargets.attempts, 0), eq(postTargets.prepTicket, ticket)))
        .returning({ id: postTargets.id });
      return rows.length > 0;
    },
    /** A preparation that may leave something on the network begins (see `prepStartedAt`). */
    async notePrepStart(targetId: string, at: Date): Promise<void> {
      await db.update(postTargets).set({ prepStartedAt: at }).where(eq(postTargets.id, targetId));
    },
    /** The tickets the account's other targets hold: what a removal of leftovers must not touch. */
    async prepTicketsOfAccount(accountId: string, exceptTargetId: string): Promise<string[]> {
      const rows = await db
        .select({ ticket: postTargets.prepTicket })
        .from(postTargets)
        .where(
          and(
            eq(postTargets.accountId, accountId),
            isNotNull(postTargets.prepTicket),
            sql`${postTargets.id} <> ${exceptTargetId}`,
          ),
        );
      return rows.flatMap((r) => (r.ticket ? [r.ticket] : []));
    },
    /** Why the last preparation failed (the due time then does the whole publish). */
    async notePrepError(targetId: string, error: string): Promise<void> {
      await db
        .update(postTargets)
        .set({ prepError: error.slice(0, 500) })
        .where(eq(postTargets.id, targetId));
    },
    /**
     * Extends the leases of attempts in progress (their heartbeat), in one statement however many: each only while
     * its attempt still holds the target.
     */
    async renewLeases(held: readonly (readonly [targetId: string, attemptId: string])[], leaseUntil: Date): Promise<void> {
      if (held.length === 0) return;
      const rows = sql.join(
        held.map(([t, a]) => sql`(${t}, ${a})`),
        sql`, `,
      );
      await db.execute(sql`
        WITH v (id, attempt_id) AS (VALUES ${rows})
        UPDATE ${postTargets} AS t SET lease_until = ${leaseUntil.toISOString()}::timestamptz
        FROM v
        WHERE t.id = v.id AND t.attempt_id = v.attempt_id
          AND t.state IN ('publishing', 'processing') AND t.lease_until IS NOT NULL`);
    },
    /** Of `remoteIds`, those already recorded as the post of another target on the same account. */
    async remoteIdsTaken(accountId: string, remoteIds: string[], exceptTargetId: string): Promise<Set<string>> {
      if (remoteIds.length === 0) return new Set();
      const rows = await db
        .select({ remotePostId: postTargets.remotePostId })
        .from(postTargets)
        .where(
          and(
            eq(postTargets.accountId, accountId),
            inArray(postTargets.remotePostId, [...new Set(remoteIds)]),
            sql`${postTargets.id} <> ${exceptTargetId}`,
          ),
        );
      return new Set(rows.map((r) => r.remotePostId!));
    },
    /** The post, locked for the rest of the unit of work, whatever its organization (the engine's settle). */
    async lockPostById(id: string): Promise<TPostRow | null> {
      const [row] = await db.select().from(posts).where(eq(posts.id, id)).for('update');
      return row ?? null;
    },
    /** Posts not settled whose targets are all final (a process died between a target's end and the settle). */
    async unsettledDone(limit: number): Promise<string[]> {
      const rows = await db
        .select({ id: posts.id })
        .from(posts)
        .where(
          and(
            isNull(posts.settledAt),
            eq(posts.isDraft, false),
            sql`EXISTS (SELECT 1 FROM ${postTargets} WHERE ${postTargets.postId} = ${posts.id})`,
            sql`NOT EXISTS (SELECT 1 FROM ${postTargets} WHERE ${postTargets.postId} = ${posts.id} AND ${notInArray(postTargets.state, [...FINAL_STATES])})`,
          ),
        )
        .limit(limit);
      return rows.map((r) => r.id);
    },
    async attemptsOf(targetId: string) {
      return db
        .select()
        .from(publishAttempts)
        .where(eq(publishAttempts.targetId, targetId))
        .orderBy(asc(publishAttempts.startedAt));
    },
    /**
     * Records the points a post earned on a network, once: true when they were recorded now, false when that post
     * and network had earned already. They go into the user's total when the post settles (points.counted).
     */
    async earnPoints(row: { id: string; userId: string; postId: string; network: string; points: number; earnedAt: Date }) {
      const inserted = await db
        .insert(pointsLedger)
        .values({ ...row, reason: 'post', inTotal: false })
        .onConflictDoNothing({ target: [pointsLedger.postId, pointsLedger.network] })
        .returning({ id: pointsLedger.id });
      return inserted.length > 0;
    },
    async totalPoints(userId: string): Promise<number> {
      const [row] = await db.select({ total: users.totalPoints }).from(users).where(eq(users.id, userId));
      return row?.total ?? 0;
    },
    /** Marks a post's outcome announced, once: true for the one caller that did. */
    async settle(postId: string, patch: Partial<TNewPost>): Promise<boolean> {
      const rows = await db
        .update(posts)
        .set(patch)
        .where(and(eq(posts.id, postId), isNull(posts.settledAt)))
        .returning({ id: posts.id, orgId: posts.orgId });
      // the post moves from the scheduled list to the posts out (or to those that failed): every process hears it
      if (rows.length > 0) await changed(rows[0].orgId, postId);
      return rows.length > 0;
    },
    /** An organization's active drafts, newest first, optionally of one network; and how many there are. */
    drafts(orgId: string, q: { network: string | null; offset: number; limit: number; userId: string | null }) {
      const where = and(
        eq(posts.orgId, orgId),
        eq(posts.isDraft, true),
        eq(posts.isActive, true),
        q.userId ? eq(posts.userId, q.userId) : undefined,
        q.network
          ? sql`EXISTS (SELECT 1 FROM ${postTargets} WHERE ${postTargets.postId} = ${posts.id} AND ${postTargets.network} = ${q.network})`
          : undefined,
      );
      return pageOfPosts(where, [desc(posts.updatedAt), desc(posts.id)], q);
    },
    /**
     * The public API's list: an organization's active posts, newest made first, after `after` (the last of the
     * previous page), narrowed by status: draft; scheduled (running or paused); publishing (sent, not all results
     * in); published (done, at least one account published); failed (done, none published).
     */
    apiPage(
      orgId: string,
      q: {
        status: 'draft' | 'scheduled' | 'publishing' | 'published' | 'failed' | null;
        after: { createdAt: Date; id: string } | null;
        limit: number;
      },
    ): Promise<TPostRow[]> {
      const anyPublished = sql`EXISTS (SELECT 1 FROM ${postTargets} WHERE ${postTargets.postId} = ${posts.id} AND ${postTargets.state} = 'published')`;
      const status =
        q.status === 'draft'
          ? and(eq(posts.isDraft, true))
          : q.status === 'scheduled'
            ? WAITING
            : q.status === 'publishing'
              ? sql`${LIVE} AND NOT ${posts.isPostDone} AND NOT ${posts.isScheduled}`
              : q.status === 'published'
                ? sql`${OUT} AND ${anyPublished}`
                : q.status === 'failed'
                  ? sql`${OUT} AND NOT ${anyPublished}`
                  : undefined;
      return db
        .select()
        .from(posts)
        .where(
          and(
            eq(posts.orgId, orgId),
            eq(posts.isActive, true),
            status,
            q.after
              ? or(lt(posts.createdAt, q.after.createdAt), and(eq(posts.createdAt, q.after.createdAt), lt(posts.id, q.after.id)))
              : undefined,
          ),
        )
        .orderBy(desc(posts.createdAt), desc(posts.id))
        .limit(q.limit);
    },
    /**
     * An organization's scheduled posts not yet out (running or paused), soonest due first; and how many there
     * are. A post sent now or deleted has left the list.
     */
    scheduled(orgId: string, q: { offset: number; limit: number }) {
      const where = and(eq(posts.orgId, orgId), WAITING);
      return pageOfPosts(where, [asc(posts.scheduledAt), asc(posts.id)], q, { orgId, list: 'scheduled' });
    },
    /**
     * An organization's posts that went out (a post with a target published counts), newest first by when they
     * went out; and how many there are. Drafts and deleted posts are not among them.
     */
    recent(orgId: string, q: { offset: number; limit: number }) {
      // a post out always has postedAt: saying so lets the newest-first index scan skip the posts not out (nulls
      // come first in a descending scan)
      const where = and(eq(posts.orgId, orgId), isNotNull(posts.postedAt), OUT);
      return pageOfPosts(where, [desc(posts.postedAt), desc(posts.id)], q, { orgId, list: 'recent' });
    },
    /**
     * An organization's active posts shown from `from` (included) to `to` (excluded), earliest first: a scheduled
     * post not yet out at its scheduled moment, a post that went out when it did. Each half reads its own index
     * (the waiting posts' and the posts out). With `perDay`, only the earliest `perDay` of each day (a day of
     * `zone`); at most `limit` in all (null: no limit).
     */
    async shownBetween(
      orgId: string,
      from: Date,
      to: Date,
      o: { zone: string; perDay: number | null; limit: number | null },
    ): Promise<TPostRow[]> {
      const where = shownWhere(orgId, from, to);
      if (o.perDay === null) {
        const all = db.select().from(posts).where(where).orderBy(asc(SHOWN_AT), asc(posts.id));
        return o.limit === null ? all : all.limit(o.limit);
      }
      // each day of the zone on its own: its first perDay waiting posts and first perDay posts out, each read in
      // order from its index (a few rows a day however busy the day is), of which the first perDay are kept
      const days = Math.round((to.getTime() - from.getTime()) / 86_400_000) + 1;
      const dayStart = (i: SQL) =>
        sql`((${from.toISOString()}::timestamptz AT TIME ZONE ${o.zone})::date + ${i})::timestamp AT TIME ZONE ${o.zone}`;
      const picked = await db.execute(sql`
        SELECT firsts.id FROM generate_series(0, ${days}::int) AS d(i)
        CROSS JOIN LATERAL (
          SELECT u.id FROM (
            (SELECT ${posts.id} AS id, ${posts.scheduledAt} AS at FROM ${posts}
              WHERE ${posts.orgId} = ${orgId} AND ${WAITING}
                AND ${posts.scheduledAt} >= GREATEST(${dayStart(sql`d.i`)}, ${from.toISOString()}::timestamptz)
                AND ${posts.scheduledAt} < LEAST(${dayStart(sql`d.i + 1`)}, ${to.toISOString()}::timestamptz)
              ORDER BY ${posts.scheduledAt}, ${posts.id} LIMIT ${o.perDay})
            UNION ALL
            (SELECT ${posts.id} AS id, ${posts.postedAt} AS at FROM ${posts}
              WHERE ${posts.orgId} = ${orgId} AND ${OUT}
                AND ${posts.postedAt} >= GREATEST(${dayStart(sql`d.i`)}, ${from.toISOString()}::timestamptz)
                AND ${posts.postedAt} < LEAST(${dayStart(sql`d.i + 1`)}, ${to.toISOString()}::timestamptz)
              ORDER BY ${posts.postedAt}, ${posts.id} LIMIT ${o.perDay})
          ) u ORDER BY u.at, u.id LIMIT ${o.perDay}
        ) firsts`);
      const ids = (picked as unknown as { rows: { id: string }[] }).rows.map((r) => r.id);
      if (ids.length === 0) return [];
      const rows = await db
        .select()
        .from(posts)
        .where(inArray(posts.id, ids))
        .orderBy(asc(SHOWN_AT), asc(posts.id))
        .limit(o.limit ?? ids.length);
      return rows;
    },
    /**
     * How many posts `shownBetween` finds on each day of `zone` ('yyyy-MM-dd'): a grouped count on each index
     * (the waiting posts' and the posts out), kept like the lists' counts.
     */
    async shownPerDay(orgId: string, from: Date, to: Date, zone: string): Promise<Map<string, number>> {
      const key = `${orgId}:${from.toISOString()}:${to.toISOString()}:${zone}`;
      const load = async () => {
        const counted = await db.execute(sql`
          SELECT c.day, sum(c.n)::int AS n FROM (
            SELECT to_char(${posts.scheduledAt} AT TIME ZONE ${zone}, 'YYYY-MM-DD') AS day, count(*) AS n FROM ${posts}
              WHERE ${posts.orgId} = ${orgId} AND ${WAITING} AND ${posts.scheduledAt} >= ${from.toISOString()}::timestamptz
                AND ${posts.scheduledAt} < ${to.toISOString()}::timestamptz
              GROUP BY 1
            UNION ALL
            SELECT to_char(${posts.postedAt} AT TIME ZONE ${zone}, 'YYYY-MM-DD') AS day, count(*) AS n FROM ${posts}
              WHERE ${posts.orgId} = ${orgId} AND ${OUT} AND ${posts.postedAt} >= ${from.toISOString()}::timestamptz
                AND ${posts.postedAt} < ${to.toISOString()}::timestamptz
              GROUP BY 1
          ) c GROUP BY c.day ORDER BY c.day`);
        const rows = (counted as unknown as { rows: { day: string; n: number }[] }).rows;
        return { orgId, days: rows.map((r): [string, number] => [r.day, Number(r.n)]) };
      };
      return new Map((await dayCounts.get(key, load))!.days);
    },
    /**
     * An organization's post counts in one pass: active posts that are not drafts, those out, those scheduled and
     * not yet out (running or paused), drafts, and those that failed everywhere (every target final, none out);
     * and the targets published per network.
     */
    async totals(orgId: string) {
      const t = await totalsCache.get(orgId, async () => ({ orgId, ...(await countTotals(orgId)) }));
      return { ...t!.counts, byNetwork: new Map(t!.byNetwork) };
    },
    /** The names of the users who wrote posts (their name, else their user name), in one query. */
    async writerNames(userIds: string[]): Promise<Map<string, string>> {
      if (userIds.length === 0) return new Map();
      const rows = await namesOfWriters.execute({ ids: [...new Set(userIds)] });
      return new Map(rows.map((r) => [r.id, r.name ?? r.userName ?? '']));
    },
    /**
     * Targets that should be moving but are not: due before `dueBefore` and still waiting (their job was lost, or
     * ran before they were due), or handed back from a dead attempt and whose new job was lost. The sweep sends
     * each a job again. Targets held by a dead attempt are the reclaim's (`leaseExpired`): it must cancel the job
     * their holder left active first.
     */
    async stranded(dueBefore: Date, limit: number): Promise<TTargetRow[]> {
      return (
        db
          .select()
          .from(postTargets)
          // a target sent now has no due moment: it has been due since it was made
          .where(
            and(
              // waiting, or handed back from a dead attempt (a publishing target with no lease)
              or(
                inArray(postTargets.state, ['queued', 'scheduled']),
                and(eq(postTargets.state, 'publishing'), isNull(postTargets.leaseUntil)),
              ),
              sql`COALESCE(${postTargets.dueAt}, ${postTargets.createdAt}) < ${dueBefore.toISOString()}::timestamptz`,
            ),
          )
          .orderBy(asc(postTargets.dueAt))
          .limit(limit)
      );
    },
    /** Targets held by an attempt whose lease ran out before `now` (its process died or lost its database). */
    async leaseExpired(now: Date, limit: number): Promise<TTargetRow[]> {
      return db
        .select()
        .from(postTargets)
        .where(
          and(
            isNotNull(postTargets.leaseUntil),
            lt(postTargets.leaseUntil, now),
            inArray(postTargets.state, ['publishing', 'processing']),
          ),
        )
        .orderBy(asc(postTargets.leaseUntil))
        .limit(limit);
    },
    /**
     * Hands a target whose attempt's lease ran out back for a new attempt: its lease cleared, only while it is still
     * held and run out (a claim since, or another process's hand-back, leaves it alone: null). The row as it was
     * held, with the job of the dead attempt.
     */
    async handBack(targetId: string, now: Date): Promise<TTargetRow | null> {
      const held = await db
        .select()
        .from(postTargets)
        .where(
          and(
            eq(postTargets.id, targetId),
            isNotNull(postTargets.leaseUntil),
            lt(postTargets.leaseUntil, now),
            inArray(postTargets.state, ['publishing', 'processing']),
          ),
        )
        .for('update');
      if (held.length === 0) return null;
      await db.update(postTargets).set({ leaseUntil: null }).where(eq(postTargets.id, targetId));
      return held[0];
    },
    /** The targets of a post still waiting (scheduled, paused or queued). */
    async waitingTargets(postId: string): Promise<TTargetRow[]> {
      return db
        .select()
        .from(postTargets)
        .where(and(eq(postTargets.postId, postId), inArray(postTargets.state, [...WAITING_STATES])));
    },
    /**
     * The waiting targets (scheduled or paused) of these accounts, on active posts that are not drafts, earliest due
     * first, each with whether its post is in the queue: the slots the accounts' queues have taken, and the ones to
     * move when a schedule changes.
     */
    async waitingOfAccounts(
      accountIds: readonly string[],
    ): Promise<{ target: TTargetRow; inQueue: boolean; postPaused: boolean; caption: string; media: TPostMedia[] }[]> {
      if (accountIds.length === 0) return [];
      const rows = await db
        .select({
          target: postTargets,
          inQueue: posts.inQueue,
          postPaused: posts.isPaused,
          caption: posts.caption,
          media: posts.media,
        })
        .from(postTargets)
        .innerJoin(posts, eq(posts.id, postTargets.postId))
        .where(
          and(inArray(postTargets.accountId, [...accountIds]), inArray(postTargets.state, ['scheduled', 'paused']), sql`${LIVE}`),
        )
        .orderBy(asc(postTargets.dueAt), asc(postTargets.id));
      return rows;
    },
    /** Targets published after `after` (by when they went out, then id), oldest first: the analytics sweep's pages. */
    async publishedAfter(after: { at: Date; id: string }, limit: number): Promise<TTargetRow[]> {
      return db
        .select()
        .from(postTargets)
        .where(
          and(
            eq(postTargets.state, 'published'),
            sql`(${postTargets.publishedAt}, ${postTargets.id}) > (${after.at.toISOString()}::timestamptz, ${after.id})`,
          ),
        )
        .orderBy(asc(postTargets.publishedAt), asc(postTargets.id))
        .limit(limit);
    },
    /**
     * The organization's accounts published to, of the posts that went out from `from` until `to` (read through
     * posts_org_out_idx): each with when its post went out.
     */
    async publishedOfOrg(orgId: string, from: Date, to: Date) {
      return db
        .select({
          targetId: postTargets.id,
          accountId: postTargets.accountId,
          network: postTargets.network,
          postedAt: posts.postedAt,
        })
        .from(posts)
        .innerJoin(postTargets, eq(postTargets.postId, posts.id))
        .where(
          and(
            eq(posts.orgId, orgId),
            isNotNull(posts.postedAt),
            OUT,
            gte(posts.postedAt, from),
            lt(posts.postedAt, to),
            eq(postTargets.state, 'published'),
          ),
        );
    },
    /** One account's published targets that went out in [from, to): the best-times reading. */
    async publishedOfAccount(orgId: string, accountId: string, from: Date, to: Date) {
      return db
        .select({ targetId: postTargets.id, publishedAt: postTargets.publishedAt })
        .from(postTargets)
        .where(
          and(
            eq(postTargets.orgId, orgId),
            eq(postTargets.accountId, accountId),
            eq(postTargets.state, 'published'),
            gte(postTargets.publishedAt, from),
            lt(postTargets.publishedAt, to),
          ),
        );
    },
    /** Posts by id, of any organization (the caller checks whose they are). */
    async postsByIds(ids: string[]): Promise<TPostRow[]> {
      if (ids.length === 0) return [];
      return db
        .select()
        .from(posts)
        .where(inArray(posts.id, [...new Set(ids)]));
    },
    /**
     * The posts (not drafts, not deleted) that name a campaign, by some of their writers, newest first, at most
     * `limit`, in one query: each with its caption cut to 140 characters, its writer and its targets' networks
     * and states.
     */
    /** Every published target of posts made for a campaign, oldest first: the rows of its report. */
    async campaignPublished(campaignId: string) {
      return db
        .select({
          targetId: postTargets.id,
          postId: posts.id,
          authorId: posts.userId,
          network: postTargets.network,
          accountName: postTargets.accountName,
          format: postTargets.format,
          url: postTargets.remoteUrl,
          caption: posts.caption,
          publishedAt: postTargets.publishedAt,
        })
        .from(postTargets)
        .innerJoin(posts, eq(posts.id, postTargets.postId))
        .where(and(eq(posts.campaignSourceId, campaignId), eq(posts.isActive, true), eq(postTargets.state, 'published')))
        .orderBy(asc(postTargets.publishedAt), asc(postTargets.id));
    },
    /** The published targets of posts made for a campaign by these authors: what their deliverables count. */
    async campaignDeliveries(campaignId: string, authorIds: readonly string[]) {
      if (authorIds.length === 0) return [];
      return db
        .select({
          authorId: posts.userId,
          network: postTargets.network,
          format: postTargets.format,
          publishedAt: postTargets.publishedAt,
        })
        .from(postTargets)
        .innerJoin(posts, eq(posts.id, postTargets.postId))
        .where(
          and(
            eq(posts.campaignSourceId, campaignId),
            inArray(posts.userId, [...new Set(authorIds)]),
            eq(posts.isActive, true),
            eq(postTargets.state, 'published'),
          ),
        );
    },
    /** A campaign's posts by the given authors, newest first; `postId`: that one post only (its preview). */
    async campaignPosts(
      campaignId: string,
      authorIds: readonly string[],
      limit: number,
      postId?: string,
    ): Promise<TCampaignPostRow[]> {
      if (authorIds.length === 0) return [];
      const rows = await db
        .select({
          id: posts.id,
          caption: sql<string>`left(${posts.caption}, 140)`,
          isScheduled: posts.isScheduled,
          isPaused: posts.isPaused,
          isPostDone: posts.isPostDone,
          scheduledAt: posts.scheduledAt,
          postedAt: posts.postedAt,
          createdAt: posts.createdAt,
          authorId: posts.userId,
          authorName: users.name,
          authorUserName: users.userName,
          authorImage: users.profileImage,
          campaignReview: posts.campaignReview,
          remark: posts.remark,
          targets: sql<{ network: string; state: string }[] | string>`(
            SELECT coalesce(json_agg(json_build_object('network', ${postTargets.network}, 'state', ${postTargets.state})
              ORDER BY ${postTargets.createdAt}, ${postTargets.id}), '[]'::json)
            FROM ${postTargets} WHERE ${postTargets.postId} = ${posts.id})`,
        })
        .from(posts)
        .innerJoin(users, eq(users.id, posts.userId))
        .where(
          and(
            eq(posts.campaignSourceId, campaignId),
            inArray(posts.userId, [...new Set(authorIds)]),
            postId ? eq(posts.id, postId) : undefined,
            eq(posts.isActive, true),
            // a draft shows only while it is in the owner's review
            or(eq(posts.isDraft, false), isNotNull(posts.campaignReview)),
          ),
        )
        .orderBy(desc(posts.createdAt), desc(posts.id))
        .limit(limit);
      // a json value comes back parsed from pg and PGlite alike; text only if a driver ever hands it over as such
      return rows.map((r) => ({ ...r, targets: typeof r.targets === 'string' ? JSON.parse(r.targets) : r.targets }));
    },
  };
}
export type TPostsRepository = ReturnType<typeof createPostsRepository>;
