import { nextPacificMidnight } from '@virality/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { postTargets } from '../../db/schema';
import { NetworkError } from '../../integrations/networks/types';
import { buildTestApp, type TTestApp } from '../../test/helpers';
import {
  copiesOn,
  prepareDue as prepareDueIn,
  publishAtDue as publishAtDueIn,
  targetOfPost,
  youtubeAuthor,
} from './posts-test-kit';

/**
 * A YouTube video prepared ahead is uploaded as private, and YouTube keeps a private video for good: a preparation
 * whose process was killed (or whose answer was lost) after YouTube took the video would leave it on the channel.
 * The next preparation of the post, or its due time when no preparation comes again, removes it first, and never
 * what another post of the channel prepared.
 */
let t: TTestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());
// each test uploads up to three videos (1,600 units each) of the project's 10,000 a day: each starts a new day
beforeEach(() => {
  t.clock.advance(nextPacificMidnight(t.clock.now()).getTime() - t.clock.nowMs() + MIN);
});

const MIN = 60_000;
const targetOf = (postId: string) => targetOfPost(t, postId);
const prepareDue = () => prepareDueIn(t);
const publishAtDue = (postId: string) => publishAtDueIn(t, postId);

describe('a YouTube preparation that died after YouTube took the video leaves no private copy behind', () => {
  const channel = () => youtubeAuthor(t);

  /**
   * Leaves the target as a process killed in the middle of its preparation leaves it: the preparation's start
   * noted, YouTube holding the private video, and no ticket kept. Answers the ticket the product never kept.
   */
  async function dieAfterUpload(postId: string) {
    const prepared = await targetOf(postId);
    expect(prepared.prepTicket).not.toBeNull();
    await t.database.db
      .update(postTargets)
      .set({ prepTicket: null, prepKey: null, prepUntil: null, prepAt: null, prepStartedAt: new Date(t.clock.nowMs() - MIN) })
      .where(eq(postTargets.id, prepared.id));
    return prepared.prepTicket!;
  }

  /** Whether YouTube still has the video a ticket names (the channel's own read of it). */
  const stillOnYouTube = (accountId: string, ticket: string) =>
    t.services.socialAccounts
      .withPublishing(accountId, (adapter, grant, ref) => adapter.publishStatus(grant, ref, ticket))
      .then(
        () => true,
        (e: unknown) => {
          if (e instanceof NetworkError && e.kind === 'permanent') return false;
          throw e;
        },
      );

  it('the preparation tried again removes the video the dead one left, uploads its own, and the post goes out once', async () => {
    const c = await channel();
    const caption = `Died while preparing ${Date.now()}`;
    const postId = await c.schedule(caption);
    await prepareDue();
    const left = await dieAfterUpload(postId);
    expect(await stillOnYouTube(c.accountId, left)).toBe(true);

    const target = await targetOf(postId);
    expect((await t.services.publishing.prepare({ targetId: target.id, dueAt: target.dueAt!.toISOString() })).outcome).toBe(
      'prepared',
    );
    const again = await targetOf(postId);
    expect(again.prepTicket).not.toBeNull();
    expect(again.prepTicket).not.toBe(left);
    expect(again.prepStartedAt).toBeNull();
    expect(await stillOnYouTube(c.accountId, left)).toBe(false);
    expect(await stillOnYouTube(c.accountId, again.prepTicket!)).toBe(true);

    const after = await publishAtDue(postId);
    expect(after.state, String(after.internalError)).toBe('published');
    expect(after.prepUsed).toBe(true);
    expect(await copiesOn(t, c.accountId, caption)).toBe(1);
  }, 60_000);

  it('another post with the very same words on the channel keeps the video it prepared, and both go out', async () => {
    const c = await channel();
    const caption = `Same words twice ${Date.now()}`;
    const first = await c.schedule(caption);
    const second = await c.schedule(caption);
    await prepareDue();
    const secondTicket = (await targetOf(second)).prepTicket;
    expect(secondTicket).not.toBeNull();
    const left = await dieAfterUpload(first);

    const target = await targetOf(first);
    await t.services.publishing.prepare({ targetId: target.id, dueAt: target.dueAt!.toISOString() });
    expect(await stillOnYouTube(c.accountId, left)).toBe(false);
    expect(await stillOnYouTube(c.accountId, secondTicket!)).toBe(true);
    expect((await targetOf(second)).prepTicket).toBe(secondTicket);

    expect((await publishAtDue(first)).state).toBe('published');
    const other = await targetOf(second);
    expect(other.state, String(other.internalError)).toBe('published');
    expect(other.prepUsed).toBe(true);
    expect(await copiesOn(t, c.accountId, caption)).toBe(2);
  }, 60_000);

  it('with no time left to prepare again, the due time removes the video the dead preparation left before the whole upload', async () => {
    const c = await channel();
    const caption = `Died, then due ${Date.now()}`;
    const postId = await c.schedule(caption);
    await prepareDue();
    const left = await dieAfterUpload(postId);

    const after = await publishAtDue(postId);
    expect(after.state, String(after.internalError)).toBe('published');
    expect(after.prepUsed).toBe(false);
    expect(await stillOnYouTube(c.accountId, left)).toBe(false);
    expect(await copiesOn(t, c.accountId, caption)).toBe(1);
  }, 60_000);
});
