import { and, asc, desc, eq, inArray, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { pointsLedger, posts, postTargets, publishAttempts, users } from '../../db/schema';
import type { TChanges } from '../../lib/changes';

export type TPostRow = typeof posts.$inferSelect;
export type TTargetRow = typeof postTargets.$inferSelect;
export type TNewPost = typeof posts.$inferInsert;
export type TNewTarget = typeof postTargets.$inferInsert;

/** Target states in which nothing more will happen to it. */
export const FINAL_STATES = ['published', 'failed', 'needs_reconnect', 'canceled'] as const;
/** Target states a scheduled post's targets move between before they go out. */
const WAITING_STATES = ['scheduled', 'paused', 'queued'] as const;

/** A claim on a target for one attempt: the target as it is now, and what it was before the claim. */
export type TClaim = { target: TTargetRow; post: TPostRow; prior: TTargetRow };

/** The only place that touches posts, their targets, publish attempts and the points ledger. */
export function createPostsRepository(db: TDb, changes: TChanges) {
  const changed = (orgId: string, postId: string) => changes.announce('post', `${orgId}.${postId}`);
  /** One page of the posts that match, in that order, and how many match in all. */
  async function pageOfPosts(where: SQL | undefined, order: SQL[], q: { offset: number; limit: number }) {
    const rows = await db
      .select()
      .from(posts)
      .where(where)
      .orderBy(...order)
      .limit(q.limit)
      .offset(q.offset);
    const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(posts).where(where);
    return { rows, total: n };
  }
  return {
    changed,
    async insertPost(post: TNewPost, targets: TNewTarget[]): Promise<void> {
      await db.insert(posts).values(post);
      if (targets.length) await db.insert(postTargets).values(targets);
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
      return row;
    },
    async insertTargets(targets: TNewTarget[]): Promise<void> {
      if (targets.length) await db.insert(postTargets).values(targets);
    },
    async deleteTargets(postId: string): Promise<void> {
      await db.delete(postTargets).where(eq(postTargets.postId, postId));
    },
    /**
     * Takes a target for one publish attempt, or null when there is nothing to do now: a target that is not
     * due, done, paused, canceled, or held by a live attempt elsewhere. A target held by an attempt whose lease
     * has run out (its process died), or by this same job before it was retried, is taken over: the caller
     * must then find out whether the dead attempt's publish went out before sending it again.
     */
    async claimTarget(input: {
      id: string;
      jobId: string;
      attemptId: string;
      now: Date;
      leaseUntil: Date;
    }): Promise<TClaim | null> {
      const [prior] = await db.select().from(postTargets).where(eq(postTargets.id, input.id)).for('update');
      if (!prior) return null;
      const [post] = await db.select().from(posts).where(eq(posts.id, prior.postId)).for('update');
      if (!post?.isActive || post.isDraft) return null;
      const due = !prior.dueAt || prior.dueAt.getTime() <= input.now.getTime();
      const waiting = (prior.state === 'queued' || prior.state === 'scheduled') && due && !post.isPaused;
      const polling = prior.state === 'processing' && prior.leaseUntil === null;
      const abandoned =
        (prior.state === 'publishing' || prior.state === 'processing') &&
        prior.leaseUntil !== null &&
        (prior.leaseUntil.getTime() < input.now.getTime() || prior.jobId === input.jobId);
      if (!waiting && !polling && !abandoned) return null;
      const [target] = await db
        .update(postTargets)
        .set({
          state: prior.state === 'processing' ? 'processing' : 'publishing',
          attemptId: input.attemptId,
          attempts: sql`${postTargets.attempts} + 1`,
          leaseUntil: input.leaseUntil,
          attemptStartedAt: input.now,
          jobId: input.jobId,
          updatedAt: input.now,
        })
        .where(eq(postTargets.id, input.id))
        .returning();
      await db.insert(publishAttempts).values({ id: input.attemptId, targetId: input.id, startedAt: input.now });
      return { target, post, prior };
    },
    /** Writes an attempt's result, only while that attempt still holds the target (a later one took it: nothing). */
    async finishAttempt(
      targetId: string,
      attemptId: string,
      patch: Partial<TNewTarget>,
      outcome: { outcome: string; detail: string | null; at: Date },
    ): Promise<TTargetRow | null> {
      const [row] = await db
        .update(postTargets)
        .set(patch)
        .where(and(eq(postTargets.id, targetId), eq(postTargets.attemptId, attemptId)))
        .returning();
      await db
        .update(publishAttempts)
        .set({ finishedAt: outcome.at, outcome: outcome.outcome, detail: outcome.detail })
        .where(eq(publishAttempts.id, attemptId));
      return row ?? null;
    },
    async attemptsOf(targetId: string) {
      return db
        .select()
        .from(publishAttempts)
        .where(eq(publishAttempts.targetId, targetId))
        .orderBy(asc(publishAttempts.startedAt));
    },
    /**
     * Records the points a post earned on a network, once: true when they were recorded now (and added to the
     * user's total in the same statement's transaction), false when that post and network had earned already.
     */
    async earnPoints(row: { id: string; userId: string; postId: string; network: string; points: number; earnedAt: Date }) {
      const inserted = await db
        .insert(pointsLedger)
        .values({ ...row, reason: 'post' })
        .onConflictDoNothing({ target: [pointsLedger.postId, pointsLedger.network] })
        .returning({ id: pointsLedger.id });
      if (inserted.length === 0) return false;
      await db
        .update(users)
        .set({ totalPoints: sql`${users.totalPoints} + ${row.points}` })
        .where(eq(users.id, row.userId));
      await changes.changed('user', row.userId);
      return true;
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
        .returning({ id: posts.id });
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
     * An organization's scheduled posts not yet out (running or paused), soonest due first; and how many there
     * are. A post sent now or deleted has left the list.
     */
    scheduled(orgId: string, q: { offset: number; limit: number }) {
      const where = and(
        eq(posts.orgId, orgId),
        eq(posts.isActive, true),
        eq(posts.isDraft, false),
        eq(posts.isScheduled, true),
        eq(posts.isPostDone, false),
      );
      return pageOfPosts(where, [asc(posts.scheduledAt), asc(posts.id)], q);
    },
    /**
     * Targets that should be moving but are not: due and waiting with no live job, or held by an attempt whose
     * lease ran out (its process died). The sweep sends each a job again.
     */
    async stranded(now: Date, dueBefore: Date, limit: number): Promise<TTargetRow[]> {
      return db
        .select()
        .from(postTargets)
        .where(
          or(
            and(inArray(postTargets.state, ['queued', 'scheduled']), lt(postTargets.dueAt, dueBefore)),
            and(inArray(postTargets.state, ['publishing', 'processing']), lt(postTargets.leaseUntil, now)),
          ),
        )
        .orderBy(asc(postTargets.dueAt))
        .limit(limit);
    },
    /** The targets of a post still waiting (scheduled, paused or queued). */
    async waitingTargets(postId: string): Promise<TTargetRow[]> {
      return db
        .select()
        .from(postTargets)
        .where(and(eq(postTargets.postId, postId), inArray(postTargets.state, [...WAITING_STATES])));
    },
  };
}
export type TPostsRepository = ReturnType<typeof createPostsRepository>;
