import { type APIRequestContext, expect, type Page } from '@playwright/test';

/** Posts made through the API, for journeys about what happens to them afterwards (lists, menus, reviews). */

/** A real picture drawn by the browser (a square, 1080 px, its label written on it), as a file to choose. */
async function drawnFile(page: Page, seed: number, type: 'image/jpeg' | 'image/png', label: string) {
  const base64 = await page.evaluate(
    async ({ s, type, label }) => {
      const c = document.createElement('canvas');
      c.width = 1080;
      c.height = 1080;
      const g = c.getContext('2d')!;
      g.fillStyle = `hsl(${(s * 47) % 360} 70% 55%)`;
      g.fillRect(0, 0, 1080, 1080);
      g.fillStyle = '#fff';
      g.font = 'bold 120px sans-serif';
      g.fillText(label, 120, 560);
      const blob: Blob = await new Promise((r) => c.toBlob((b) => r(b!), type, 0.85));
      const bytes = new Uint8Array(await blob.arrayBuffer());
      let bin = '';
      for (const b of bytes) bin += String.fromCharCode(b);
      return btoa(bin);
    },
    { s: seed, type, label },
  );
  return { buffer: Buffer.from(base64, 'base64'), mimeType: type };
}

/** A real JPEG drawn by the browser (a square, 1080 px, its seed written on it), as a file to choose. */
export async function jpegFile(page: Page, seed: number) {
  return { name: `photo-${seed}.jpg`, ...(await drawnFile(page, seed, 'image/jpeg', `Virality ${seed}`)) };
}

/** A real PNG drawn by the browser (a square, 1080 px), as a file to choose. */
export async function pngFile(page: Page, seed: number) {
  return { name: `drawing-${seed}.png`, ...(await drawnFile(page, seed, 'image/png', `PNG ${seed}`)) };
}

/** Uploads a photo as the user of `token`: its address. */
export async function uploadPhoto(request: APIRequestContext, page: Page, token: string, seed: number): Promise<string> {
  const res = await request.post('/api/s3/uploadSingleFile', {
    headers: { 'x-access-token': token },
    multipart: { file: await jpegFile(page, seed) },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()).response.result as string;
}

/** The post call: a photo to the accounts, with more fields (IsDraft, IsScheduled...). Its CommonPostID. */
export async function postByApi(
  request: APIRequestContext,
  token: string,
  body: { caption: string; photo: string; accounts: string[]; more?: Record<string, unknown> },
): Promise<string> {
  const res = await request.post('/sph/social-media-manager/single-post/', {
    headers: { 'x-access-token': token },
    data: {
      CaptionDescription: body.caption,
      MediaDetails: [{ ImageVideoUrl: body.photo }],
      PostDetails: body.accounts.map((id) => ({ UserSocialMediaID: id })),
      ...body.more,
    },
  });
  const text = await res.text();
  expect(res.ok(), text).toBe(true);
  return JSON.parse(text).response_data.CommonPostID as string;
}

const pad = (n: number) => String(n).padStart(2, '0');
/** A moment as the API carries a schedule: UTC date and time. */
export const utcSchedule = (at: Date) => ({
  ScheduledDate: `${at.getUTCFullYear()}-${pad(at.getUTCMonth() + 1)}-${pad(at.getUTCDate())}`,
  ScheduledTime: `${pad(at.getUTCHours())}:${pad(at.getUTCMinutes())}`,
});

/**
 * Chooses a day ('27 November 2026') in an open date picker. The picker opens on the month of the value it holds
 * (or today's), which may be before or after the day wanted, so it is moved toward the day's month, a month at a
 * time, each move waited for: the days are looked at only once the picker shows them.
 */
export async function pickDay(page: Page, label: string) {
  const monthOf = (text: string) => {
    const at = new Date(`${text} 12:00`);
    return at.getFullYear() * 12 + at.getMonth();
  };
  const wanted = monthOf(label);
  const header = page.locator('[class*="calendarHeaderLevel"]').first();
  await header.waitFor();
  for (let i = 0; i < 24; i++) {
    const day = page.getByRole('button', { name: label, exact: true });
    if ((await day.count()) > 0 && (await day.first().isEnabled())) {
      await day.first().click();
      return;
    }
    const shownText = (await header.innerText()).trim();
    const shown = monthOf(`1 ${shownText}`);
    if (Number.isNaN(shown) || shown === wanted) break;
    await page
      .locator(`[data-direction="${shown > wanted ? 'previous' : 'next'}"]`)
      .first()
      .click();
    await expect(header).not.toHaveText(shownText);
  }
  throw new Error(`no day ${label} in the date picker`);
}
