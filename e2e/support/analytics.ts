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
 * Runs `wait` (for something the figures job reads) while the job's next runs are brought forward. The job runs once
 * a minute of the product's clock, and its schedule is looked at every 30 s: the product's clock is moved to the next
 * minute at once and then every 30 s, so a run comes within 30 s and the job runs twice a minute instead of once.
 * Moving it further or more often would not run the job sooner, and would make every account and post of the run
 * due for its next read (hourly, every 15 minutes) ahead of the reads this journey waits for: every journey shares
 * the server and its clock, and the job reads each network's share of what is due, the oldest first.
 */
export async function whileFiguresJobRuns<T>(request: APIRequestContext, wait: () => Promise<T>): Promise<T> {
  let done = false;
  const nudging = (async () => {
    while (!done) {
      await request.post('/sandbox/clock/advance', { data: { seconds: 60 } });
      for (let waited = 0; waited < 30_000 && !done; waited += 500) await new Promise((r) => setTimeout(r, 500));
    }
  })();
  try {
    return await wait();
  } finally {
    done = true;
    await nudging;
  }
}

/** Waits until the figures job has read every account's figures of the post (asking for them puts it in the job's list). */
export async function figuresRead(request: APIRequestContext, token: string, id: string): Promise<TAnalyticsItem[]> {
  let items: TAnalyticsItem[] = [];
  await whileFiguresJobRuns(request, () =>
    expect
      .poll(
        async () => {
          items = await postAnalytics(request, token, id);
          return items.every((i) => i.ResponseCode === 200 && i.UpdatedAt !== null);
        },
        { timeout: 150_000, intervals: [1000, 2000] },
      )
      .toBe(true),
  );
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
