/**
 * What uploads may cost the server: how much media an organization may keep (by its owner's plan), how often
 * one account may upload, and how large a picture may be once decoded. The server enforces them; the web app
 * may show them.
 */

const MB = 1024 * 1024;
const GB = 1024 * MB;

/**
 * The post media an organization may keep, by its owner's plan (the `planType` a subscription records). An
 * organization without a plan has the free tier's; a plan not listed here (one an admin added) has Starter's.
 * Files no post uses are swept a day after their upload, which gives their room back.
 */
export const STORAGE_QUOTA_BYTES = {
  FreeTier: 1 * GB,
  Starter: 10 * GB,
  Professional: 50 * GB,
  Enterprise: 200 * GB,
} as const satisfies Record<string, number>;

/** The quota of a plan type (null: no plan). */
export function storageQuotaFor(planType: string | null | undefined): number {
  if (!planType) return STORAGE_QUOTA_BYTES.FreeTier;
  return (STORAGE_QUOTA_BYTES as Record<string, number>)[planType] ?? STORAGE_QUOTA_BYTES.Starter;
}

/** At most this many upload calls per account in a window (one call may carry up to 10 files). */
export const UPLOAD_RATE = { max: 60, windowMinutes: 10 } as const;

/** The largest picture accepted, in pixels once decoded (a 48-megapixel phone photo fits; 8000 × 8000 does). */
export const IMAGE_MAX_PIXELS = 64_000_000;
/** An SVG (text) larger than this is not read. */
export const SVG_MAX_BYTES = 5 * MB;
/**
 * An SVG is drawn as a PNG whose longer side is its own size, but at least `min` (a small icon is drawn sharp
 * enough for the networks) and at most `max`.
 */
export const SVG_RASTER_SIDE = { min: 1080, max: 4096 } as const;

/** A size in bytes as people read it: '1 GB', '500 MB'. */
export function readableBytes(bytes: number): string {
  if (bytes >= GB) return `${Math.round((bytes / GB) * 10) / 10} GB`;
  return `${Math.max(1, Math.round(bytes / MB))} MB`;
}

/** The messages of upload refusals that are not a file's own fault. */
export const UPLOAD_MSG = {
  quotaExceeded: (quotaBytes: number) =>
    `Your organization has used its ${readableBytes(quotaBytes)} of media storage. Delete posts you no longer need, or upgrade your plan, to upload more`,
  tooManyUploads: (minutes: number) =>
    `You have uploaded a lot in a short time. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}`,
  cannotUpload: 'Your account cannot create posts, so it cannot upload media for them',
  svgTooLarge: `An SVG must be smaller than ${SVG_MAX_BYTES / MB} MB`,
} as const;
