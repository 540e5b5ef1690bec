import { type APIRequestContext, expect } from '@playwright/test';
import { postDetails } from './social';

/** A post's analytics as POST /sph/post_analytics/ answers them (the fields the journeys read). */
export type TAnalyticsItem = {
  SocialMediaName: string;
  UserName: string;
  ResponseCode: number;
  code: string | null;
  error: string | null;
  UpdatedAt: string | null;
  Metrics: Record<string, number | null>;
};

/** POST /sph/post_analytics/ {CommonPostID} as the user of `token`. */
export async function postAnalytics(request: APIRequestContext, token: string, id: string): Promise<TAnalyticsItem[]> {
  const res = await request.post('/sph/post_analytics/', { headers: { 'x-access-token': token }, data: { CommonPostID: id } });
  const text = await res.text();
  expect(res.ok(), `POST /sph/post_analytics/ answered ${res.status()}: ${text.slice(0, 300)}`).toBe(true);
  return JSON.parse(text).response_data as TAnalyticsItem[];
}

/**
 * Waits until each account of the post has settled ('Instagram:published,X:failed', sorted by network name). A
 * network still processing the media is asked again when it says, so the product's clock is moved meanwhile.
 */
export async function settledAs(request: APIRequestContext, token: string, id: string, expected: string) {
  await expect
    .poll(
      async () => {
        const targets = (await postDetails(request, token, id)).MediaPostedOn;
        if (targets.some((t) => t.Status === 'processing'))
          await request.post('/sandbox/clock/advance', { data: { seconds: 15 } });
        return targets
          .map((t) => `${t.SocialMediaName}:${t.Status}`)
          .sort()
          .join(',');
      },
      { timeout: 60_000, intervals: [500, 1000] },
    )
    .toBe(expected);
}

/**
 * Waits until the figures job has read every account's figures: asks for the analytics (which puts a new post
 * in the job's list), then moves the product's clock a minute at a time so the job's next run comes at once.
 */
export async function figuresRead(request: APIRequestContext, token: string, id: string): Promise<TAnalyticsItem[]> {
  let items: TAnalyticsItem[] = [];
  await expect
    .poll(
      async () => {
        items = await postAnalytics(request, token, id);
        const read = items.every((i) => i.ResponseCode === 200 && i.UpdatedAt !== null);
        if (!read) await request.post('/sandbox/clock/advance', { data: { seconds: 60 } });
        return read;
      },
      { timeout: 150_000, intervals: [3000] },
    )
    .toBe(true);
  return items;
}

/** The multi-post call: several photos in one post (a carousel where the network has one) to the accounts. */
export async function multiPostByApi(
  request: APIRequestContext,
  token: string,
  body: { caption: string; photos: string[]; accounts: string[] },
): Promise<string> {
  const res = await request.post('/sph/social-media-manager/multi-post/', {
    headers: { 'x-access-token': token },
    data: {
      CaptionDescription: body.caption,
      MediaDetails: body.photos.map((ImageVideoUrl) => ({ ImageVideoUrl })),
      PostDetails: body.accounts.map((id) => ({ UserSocialMediaID: id })),
    },
  });
  const text = await res.text();
  expect(res.ok(), text).toBe(true);
  return JSON.parse(text).response_data.CommonPostID as string;
}
