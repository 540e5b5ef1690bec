import type { TSocialNetworkKey } from '@virality/domain';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { accountFigures, postTargets, targetMetrics } from '../../db/schema';
import { call, type TTestApp } from '../../test/helpers';
import { postBody, publishDue } from '../posts/posts-test-kit';

/** Tests' way to read figures back: send a post now, run the figures job, and look at what it kept. */

/** Sends a post now to the accounts (with their own options) and publishes it: its id. */
export async function postNow(
  t: TTestApp,
  token: string,
  caption: string,
  urls: string[],
  targets: { UserSocialMediaID: string; IsStory?: boolean; PrivacyStatus?: string }[],
  more: Record<string, unknown> = {},
): Promise<string> {
  const res = await call(t, 'POST', '/sph/social-media-manager/single-post/', {
    token,
    body: postBody(caption, urls, targets, more),
  });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  await publishDue(t);
  return res.json.response_data.CommonPostID as string;
}

/** The post_analytics call's answer. */
export const analyticsOf = (t: TTestApp, token: string, body: Record<string, unknown>) =>
  call(t, 'POST', '/sph/post_analytics/', { token, body });

/** One run of the figures job's work, as the periodic job does it. */
export const readDue = (t: TTestApp) => t.services.analytics.readDue();

/** The failures an emulator still holds (a call to the network would have taken one). */
export async function pendingFailures(t: TTestApp, network: TSocialNetworkKey): Promise<string[]> {
  const res = await t.app.inject({ method: 'POST', url: `/sandbox/${network}/_control`, payload: {} });
  return res.json().pending;
}

/** Forgets every failure asked of an emulator. */
export const clearFailures = (t: TTestApp, network: TSocialNetworkKey) =>
  t.app.inject({ method: 'POST', url: `/sandbox/${network}/_control`, payload: { clear: true } });

/** The targets of a post, as the posts module keeps them. */
export const targetsOf = (t: TTestApp, postId: string) =>
  t.database.db.select().from(postTargets).where(eq(postTargets.postId, postId));

/** What the job kept for a target. */
export async function metricsRow(t: TTestApp, targetId: string) {
  const [row] = await t.database.db.select().from(targetMetrics).where(eq(targetMetrics.targetId, targetId));
  return row ?? null;
}

/** What the job kept for an account. */
export async function figuresRow(t: TTestApp, accountId: string) {
  const [row] = await t.database.db.select().from(accountFigures).where(eq(accountFigures.accountId, accountId));
  return row ?? null;
}

/** What the network gives for a published target right now (read directly, as the job would). */
export async function networkMetrics(
  t: TTestApp,
  target: { accountId: string | null; remotePostId: string | null; format: string },
) {
  return t.services.socialAccounts.withPublishing(target.accountId!, (adapter, grant, ref) =>
    adapter.analytics(grant, ref, target.remotePostId!, target.format as 'post'),
  );
}

/** What the network gives for an account right now. */
export const networkProfile = (t: TTestApp, accountId: string) =>
  t.services.socialAccounts.withPublishing(accountId, (adapter, grant, ref) => adapter.profile(grant, ref));
