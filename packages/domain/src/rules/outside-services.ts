/**
 * How the outside services this product talks to read what they are sent, where both the product's own clients of
 * them (apps/server's adapters) and the sandbox's stand-ins of them (packages/sandbox) must agree: the API versions
 * named in paths, how X counts a post's length, when YouTube's daily quota starts again, PayPal's amounts.
 */

import { wallMs } from './insights';

/** The Graph API version every Facebook and Instagram call names in its path. */
export const META_GRAPH_VERSION = 'v21.0';

/** The Threads API version the profile call names in its path. */
export const THREADS_API_VERSION = 'v1.0';

// ---- X: a post's length ----

/** What any http(s) address counts for, whatever its length: X shortens every link to a t.co one. */
export const X_URL_WEIGHT = 23;

/** An http(s) address up to the next space, without the punctuation that ends a sentence after it. */
const URL_RE = /https?:\/\/[^\s]+?(?=[.,!?;:)\]'"]*(?:\s|$))/giu;
const EMOJI_RE = /\p{Extended_Pictographic}|\p{Regional_Indicator}/u;
// made on first use, so that loading these rules costs nothing where X's counting is never asked for
let segmenter: Intl.Segmenter | null = null;

/** X's light code points (count 1): Latin, Greek, Cyrillic, Hebrew, Arabic, Indic scripts… and a few punctuation blocks. */
const lightCodePoint = (cp: number) =>
  cp <= 0x10ff || (cp >= 0x2000 && cp <= 0x200d) || (cp >= 0x2010 && cp <= 0x201f) || (cp >= 0x2032 && cp <= 0x2037);

function plainWeight(text: string): number {
  let weight = 0;
  segmenter ??= new Intl.Segmenter('en', { granularity: 'grapheme' });
  for (const { segment } of segmenter.segment(text)) {
    const first = segment.codePointAt(0) ?? 0;
    // an emoji (with its modifiers and joiners) counts 2, as one; a © or ® without the emoji selector stays text
    if (EMOJI_RE.test(segment) && (!lightCodePoint(first) || segment.includes('\uFE0F'))) weight += 2;
    else for (const ch of segment) weight += lightCodePoint(ch.codePointAt(0) ?? 0) ? 1 : 2;
  }
  return weight;
}

/**
 * A post's length as X counts it (its weighted length, simplified): the text in NFC; every http(s) address counts
 * 23 whatever its length; code points of Latin, Greek, Cyrillic, Arabic, Hebrew, Indic scripts and general
 * punctuation count 1; others (CJK, Hangul, Japanese kana…) count 2; an emoji (a whole sequence, with skin tones
 * and joiners) counts 2. Not counted as X does: addresses without http(s) ("example.com") count by their characters.
 */
export function xTextLength(text: string): number {
  const s = text.normalize('NFC');
  let weight = 0;
  let last = 0;
  for (const m of s.matchAll(URL_RE)) {
    weight += plainWeight(s.slice(last, m.index)) + X_URL_WEIGHT;
    last = m.index + m[0].length;
  }
  return weight + plainWeight(s.slice(last));
}

// ---- YouTube: the quota's day ----

/** YouTube's daily quota starts again at midnight in this zone, whatever the caller's. */
const QUOTA_ZONE = 'America/Los_Angeles';

/** How far the quota zone's wall clock is ahead of UTC at `ms` (negative: Pacific time is behind). */
const zoneOffsetMs = (ms: number): number => wallMs(ms, QUOTA_ZONE) - ms;

/** The next midnight in Pacific time after `now`: when a spent YouTube quota is whole again. */
export function nextPacificMidnight(now: Date): Date {
  const wallNow = new Date(now.getTime() + zoneOffsetMs(now.getTime()));
  const midnightWall = Date.UTC(wallNow.getUTCFullYear(), wallNow.getUTCMonth(), wallNow.getUTCDate() + 1);
  // the offset is read at midnight itself, as the day it ends may be the one the clocks change on
  const guess = midnightWall - zoneOffsetMs(midnightWall);
  return new Date(midnightWall - zoneOffsetMs(guess));
}

// ---- PayPal: amounts ----

/** Minor units to PayPal's decimal string: 2500 → "25.00". */
export function toPayPalAmount(minor: number): string {
  if (!Number.isSafeInteger(minor) || minor < 0) throw new RangeError('an amount is a whole number of cents, not below 0');
  return `${Math.floor(minor / 100)}.${String(minor % 100).padStart(2, '0')}`;
}

/** PayPal's decimal string to minor units: "25.00" → 2500, "0.5" → 50; null when it is not an amount. */
export function fromPayPalAmount(value: unknown): number | null {
  if (typeof value !== 'string') return null;
  const m = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(value.trim());
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '0').padEnd(2, '0'));
}
