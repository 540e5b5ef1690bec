import { IMAGE_MAX_PIXELS, SVG_RASTER_SIDE } from '@virality/domain';
import type Sharp from 'sharp';

/**
 * Pictures are decoded here, whole, before anything is stored: a file that only looks like an image (a PNG of
 * its signature and header, a header claiming 100,000 × 100,000, a deflate bomb, a truncated JPEG) is not one.
 * An SVG is never kept as SVG: it is drawn as a PNG, which holds no script, style or reference to anything.
 *
 * The work is bounded: at most IMAGE_MAX_PIXELS pixels (checked from the header, before any pixel is
 * inflated), at most DECODE_SLOTS pictures at once in this process (the others wait their turn), and at most
 * DECODE_SECONDS each. Decoding streams through the picture (libvips), so memory stays small whatever its size.
 */

let loaded: Promise<typeof Sharp> | null = null;
/**
 * sharp, loaded with the first picture rather than at start: with libvips it holds some tens of MB that an idle
 * server, or one that never sees a picture, does not need.
 */
export function loadSharp(): Promise<typeof Sharp> {
  loaded ??= import('sharp').then(({ default: sharp }) => {
    // libvips' operation cache would keep decoded pictures between uploads: nothing is ever asked twice here
    sharp.cache(false);
    return sharp;
  });
  return loaded;
}

/** Pictures decoded at once in one process. */
const DECODE_SLOTS = 2;
/** The longest one picture may take to decode or draw. */
const DECODE_SECONDS = 20;

let busy = 0;
const waiting: (() => void)[] = [];

/** Runs `work` in one of the decode slots (uploads' decodes and conversions for a network share them). */
export async function inSlot<T>(work: () => Promise<T>): Promise<T> {
  if (busy >= DECODE_SLOTS) await new Promise<void>((r) => waiting.push(r));
  else busy++;
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else busy--;
  }
}

/** The raster formats accepted, by sharp's name. */
export type TRasterFormat = 'jpeg' | 'png' | 'webp';
const RASTER: readonly string[] = ['jpeg', 'png', 'webp'];

/** A picture as decoded: its format and its displayed size (a quarter-turned photo's sides swapped). */
export type TDecoded = { format: TRasterFormat; width: number; height: number };

const readOptions = { limitInputPixels: IMAGE_MAX_PIXELS, failOn: 'error', sequentialRead: true } as const;

/**
 * Decodes a JPEG, PNG or WebP (a file's path, or its bytes) to its last pixel: its format and displayed size,
 * or null when it is not a whole picture of one of those formats or is larger than IMAGE_MAX_PIXELS.
 */
export function decodeRaster(input: string | Buffer): Promise<TDecoded | null> {
  return inSlot(async () => {
    const sharp = await loadSharp();
    try {
      const meta = await sharp(input, readOptions).metadata();
      if (!RASTER.includes(meta.format ?? '') || !meta.width || !meta.height) return null;
      // every pixel is decoded (statistics need them all), streaming: a broken or truncated file fails here
      await sharp(input, readOptions).timeout({ seconds: DECODE_SECONDS }).stats();
      // EXIF orientations 5 to 8 turn the picture a quarter: it is shown (and posted) the other way round
      const turned = (meta.orientation ?? 1) >= 5;
      return {
        format: meta.format as TRasterFormat,
        width: turned ? meta.height : meta.width,
        height: turned ? meta.width : meta.height,
      };
    } catch {
      return null;
    }
  });
}

/** An SVG drawn as a PNG. */
export type TRasterized = { png: Buffer; width: number; height: number };

/**
 * Draws an SVG document as a PNG whose longer side is the SVG's own, kept between SVG_RASTER_SIDE.min and .max
 * (the picture is scaled, never cut); null when it cannot be drawn. Nothing outside the file is ever fetched.
 */
export function rasterizeSvg(svg: Buffer): Promise<TRasterized | null> {
  return inSlot(async () => {
    const sharp = await loadSharp();
    try {
      // its own size, read without drawing (the pixel limit applies to the drawing below)
      const meta = await sharp(svg, { limitInputPixels: false, failOn: 'error' }).metadata();
      if (meta.format !== 'svg' || !meta.width || !meta.height) return null;
      const longer = Math.max(meta.width, meta.height);
      const side = Math.min(Math.max(longer, SVG_RASTER_SIDE.min), SVG_RASTER_SIDE.max);
      // sharp draws an SVG at 72 dpi by default: its density scales the drawing
      const density = Math.min(100_000, Math.max(1, (72 * side) / longer));
      const { data, info } = await sharp(svg, { ...readOptions, density })
        .timeout({ seconds: DECODE_SECONDS })
        .png()
        .toBuffer({ resolveWithObject: true });
      return { png: data, width: info.width, height: info.height };
    } catch {
      return null;
    }
  });
}
