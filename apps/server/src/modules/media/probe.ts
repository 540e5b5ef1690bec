import { ACCEPTED_IMAGE_TYPES, ACCEPTED_VIDEO_TYPES, POST_MSG, SVG_MAX_BYTES, UPLOAD_MSG } from '@virality/domain';
import { decodeRaster, rasterizeSvg } from './image';

/**
 * What a file is, read from its bytes and never from its name or the browser's word: an image (JPEG, PNG,
 * WebP, decoded whole; an SVG drawn as a PNG) with its size, or a video (MP4, QuickTime) with its size and
 * duration. Anything else, and any file that cannot be read, is refused with the message the user sees
 * (`MediaRefused`), never another error.
 */

export type TProbed = {
  kind: 'image' | 'video';
  mimeType: string;
  /** The extension it is stored under (from its type, never from its name). */
  ext: string;
  width: number | null;
  height: number | null;
  durationSec: number | null;
};

/** A file refused, with the message the user sees. */
export class MediaRefused extends Error {}

const EXT: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'video/mp4': 'mp4',
  'video/quicktime': 'mov',
};

// ── MP4 / QuickTime (ISO base media file format) ─────────────────────────────────────────────────────

/** Box headers read at most for one file: a hostile file of millions of empty boxes is not walked to its end. */
const MAX_BOXES = 10_000;
/** Tracks looked at at most. */
const MAX_TRACKS = 64;

type TBox = { type: string; start: number; end: number };
type TBudget = { left: number };

/**
 * The boxes between `start` and `end`, one level: a 32-bit size, or 1 and a 64-bit size after the type, or 0
 * for "to the end of the enclosing box". A size that is smaller than its header or runs past `end` ends the
 * walk (what follows cannot be trusted); the budget bounds the work, so the walk always ends.
 */
function boxesIn(buf: Buffer, start: number, end: number, budget: TBudget): TBox[] {
  const out: TBox[] = [];
  let at = start;
  while (at + 8 <= end && budget.left > 0) {
    budget.left--;
    let size = buf.readUInt32BE(at);
    const type = buf.toString('latin1', at + 4, at + 8);
    let header = 8;
    if (size === 1) {
      if (at + 16 > end) break;
      const large = buf.readBigUInt64BE(at + 8);
      if (large > BigInt(end - at)) break;
      size = Number(large);
      header = 16;
    } else if (size === 0) size = end - at;
    if (size < header || at + size > end) break;
    out.push({ type, start: at + header, end: at + size });
    at += size;
  }
  return out;
}

const childOf = (buf: Buffer, box: TBox | undefined, type: string, budget: TBudget) =>
  box ? boxesIn(buf, box.start, box.end, budget).find((b) => b.type === type) : undefined;

/** A movie's timescale and duration (mvhd, versions 0 and 1); null if absent or unreadable. */
function movieHeader(buf: Buffer, mvhd: TBox | undefined): { timescale: number; duration: number | null } | null {
  if (!mvhd) return null;
  const length = mvhd.end - mvhd.start;
  const version = buf[mvhd.start];
  if (version === 1) {
    if (length < 32) return null;
    const duration = buf.readBigUInt64BE(mvhd.start + 24);
    return { timescale: buf.readUInt32BE(mvhd.start + 20), duration: duration === 0xffffffffffffffffn ? null : Number(duration) };
  }
  if (version !== 0 || length < 20) return null;
  const duration = buf.readUInt32BE(mvhd.start + 16);
  return { timescale: buf.readUInt32BE(mvhd.start + 12), duration: duration === 0xffffffff ? null : duration };
}

/** A fragmented movie keeps its length in mvex/mehd (versions 0 and 1). */
function fragmentDuration(buf: Buffer, mehd: TBox | undefined): number | null {
  if (!mehd) return null;
  const length = mehd.end - mehd.start;
  if (buf[mehd.start] === 1) return length >= 12 ? Number(buf.readBigUInt64BE(mehd.start + 4)) : null;
  return length >= 8 ? buf.readUInt32BE(mehd.start + 4) : null;
}

/**
 * A track's displayed size from its tkhd (versions 0 and 1): width and height are 16.16 fixed point at the end
 * of the header, and a matrix that turns the picture a quarter (a phone held upright) swaps them.
 */
function trackSize(buf: Buffer, tkhd: TBox): { width: number; height: number } | null {
  const version = buf[tkhd.start];
  if (version !== 0 && version !== 1) return null;
  const matrixAt = tkhd.start + (version === 1 ? 52 : 40);
  const sizeAt = matrixAt + 36;
  if (sizeAt + 8 > tkhd.end) return null;
  let width = Math.round(buf.readUInt32BE(sizeAt) / 65536);
  let height = Math.round(buf.readUInt32BE(sizeAt + 4) / 65536);
  const [a, b, c, d] = [0, 4, 12, 16].map((o) => buf.readInt32BE(matrixAt + o));
  if (a === 0 && d === 0 && b !== 0 && c !== 0) [width, height] = [height, width];
  return width > 0 && height > 0 ? { width, height } : null;
}

/**
 * A video's width, height and duration from its boxes: moov/mvhd's timescale and duration, and the tkhd of
 * the first track whose mdia/hdlr handler is `vide`. Null when the file does not hold them; never throws, and
 * reads a bounded number of boxes whatever the file says.
 */
export function readMp4(buf: Buffer): { width: number; height: number; durationSec: number | null } | null {
  try {
    const budget: TBudget = { left: MAX_BOXES };
    const moov = boxesIn(buf, 0, buf.length, budget).find((b) => b.type === 'moov');
    if (!moov) return null;
    const inner = boxesIn(buf, moov.start, moov.end, budget);
    const header = movieHeader(
      buf,
      inner.find((b) => b.type === 'mvhd'),
    );
    if (!header || header.timescale === 0) return null;
    let duration = header.duration;
    if (!duration) {
      const mehd = childOf(
        buf,
        inner.find((b) => b.type === 'mvex'),
        'mehd',
        budget,
      );
      duration = fragmentDuration(buf, mehd) ?? duration;
    }
    for (const trak of inner.filter((b) => b.type === 'trak').slice(0, MAX_TRACKS)) {
      const parts = boxesIn(buf, trak.start, trak.end, budget);
      const hdlr = childOf(
        buf,
        parts.find((b) => b.type === 'mdia'),
        'hdlr',
        budget,
      );
      // ISO: version/flags, pre_defined, handler_type; QuickTime: version/flags, component type, subtype
      if (!hdlr || hdlr.end - hdlr.start < 12 || buf.toString('latin1', hdlr.start + 8, hdlr.start + 12) !== 'vide') continue;
      const tkhd = parts.find((b) => b.type === 'tkhd');
      const size = tkhd ? trackSize(buf, tkhd) : null;
      if (!size) continue;
      const durationSec = duration === null ? null : Math.round((duration / header.timescale) * 1000) / 1000;
      return { ...size, durationSec: Number.isFinite(durationSec) ? durationSec : null };
    }
    return null;
  } catch {
    // every read above is bounds-checked; this only keeps a refusal clean if one was missed
    return null;
  }
}

// ── SVG ──────────────────────────────────────────────────────────────────────────────────────────────

/** How far into a file its root element is looked for (an XML declaration, a licence comment, a doctype). */
const SVG_PROLOGUE_MAX = 64 * 1024;
/** The longest root tag read for its size. */
const SVG_ROOT_TAG_MAX = 16 * 1024;

/**
 * Where the `<svg` root element of an XML text begins (after an optional byte-order mark, XML declaration,
 * processing instructions, comments and doctype), or -1 when the text is not an SVG document.
 */
export function svgRootAt(text: string): number {
  let at = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const limit = Math.min(text.length, SVG_PROLOGUE_MAX);
  while (at < limit) {
    while (at < limit && /\s/.test(text[at])) at++;
    if (text.startsWith('<?', at)) {
      const end = text.indexOf('?>', at + 2);
      if (end === -1) return -1;
      at = end + 2;
    } else if (text.startsWith('<!--', at)) {
      const end = text.indexOf('-->', at + 4);
      if (end === -1) return -1;
      at = end + 3;
    } else if (text.slice(at, at + 9).toUpperCase() === '<!DOCTYPE') {
      // an internal subset ([...]) may hold entities: it is skipped here and refused by svgIssue
      const bracket = text.indexOf('[', at);
      const close = text.indexOf('>', at);
      if (close === -1) return -1;
      if (bracket !== -1 && bracket < close) {
        const end = text.indexOf(']', bracket);
        const after = end === -1 ? -1 : text.indexOf('>', end);
        if (after === -1) return -1;
        at = after + 1;
      } else at = close + 1;
    } else break;
  }
  return at < limit && /^<svg[\s>/]/.test(text.slice(at, at + 5)) ? at : -1;
}

/** Numeric character references (&#106; &#x6A;) and the named ones that hide a scheme, decoded. */
const decodeRefs = (s: string) =>
  s
    .replace(/&#x0*([0-9a-f]{1,6});?/gi, (_, hex: string) => String.fromCodePoint(Math.min(Number.parseInt(hex, 16), 0x10ffff)))
    .replace(/&#0*([0-9]{1,7});?/g, (_, dec: string) => String.fromCodePoint(Math.min(Number(dec), 0x10ffff)))
    .replace(/&colon;/gi, ':')
    .replace(/&(?:tab|newline);/gi, '');

// biome-ignore lint/suspicious/noControlCharactersInRegex: browsers skip control characters inside a scheme, so they are removed before it is read
const BLANKS = /[\s\u0000-\u001f]+/g;

/** A reference that stays inside the file: a fragment (#id) or an embedded raster image. */
const isInternalRef = (value: string) => {
  const v = decodeRefs(value).replace(BLANKS, '').toLowerCase();
  return v === '' || v.startsWith('#') || /^data:image\/(?:png|jpe?g|gif|webp)[;,]/.test(v);
};

/**
 * Why an SVG may not be stored, or null: it must not run code (script elements, on… event attributes,
 * javascript: addresses, embedded HTML or objects) nor reach anywhere else (any href/src that is not a
 * fragment or an embedded raster, CSS url() and @import, entities that could pull in or blow up content).
 * The checks are plain scans, linear in the file's length.
 */
export function svgIssue(text: string): string | null {
  if (/<(?:[\w.-]{1,32}:)?(?:script|foreignobject|iframe|embed|object|handler|listener)\b/i.test(text)) return 'element';
  if (/[\s"'/:]on[a-z]{1,40}\s*=/i.test(text)) return 'event attribute';
  if (/<!ENTITY/i.test(text)) return 'entity';
  const flat = decodeRefs(text).replace(BLANKS, '');
  if (/(?:java|vb)script:|data:text\/html/i.test(flat)) return 'script address';
  if (/@import/i.test(flat)) return 'import';
  const attr = /[\s"'/:](?:href|src|data)\s*=\s*/gi;
  for (let m = attr.exec(text); m; m = attr.exec(text)) {
    const at = m.index + m[0].length;
    const quote = text[at];
    if (quote !== '"' && quote !== "'") return 'reference';
    const end = text.indexOf(quote, at + 1);
    if (end === -1 || !isInternalRef(text.slice(at + 1, end))) return 'reference';
    attr.lastIndex = end + 1;
  }
  const url = /url\(\s*/gi;
  for (let m = url.exec(text); m; m = url.exec(text)) {
    const at = m.index + m[0].length;
    const end = text.indexOf(')', at);
    const value = text
      .slice(at, end === -1 ? text.length : end)
      .trim()
      .replace(/^["']|["']$/g, '');
    if (end === -1 || !isInternalRef(value)) return 'reference';
    url.lastIndex = end + 1;
  }
  return null;
}

/** The root tag alone (`<svg ...>`, quotes respected), so sizing it never scans the whole file. */
function rootTag(text: string, at: number): string | null {
  let quote = '';
  const limit = Math.min(text.length, at + SVG_ROOT_TAG_MAX);
  for (let i = at + 4; i < limit; i++) {
    const ch = text[i];
    if (quote) {
      if (ch === quote) quote = '';
    } else if (ch === '"' || ch === "'") quote = ch;
    else if (ch === '>') return text.slice(at, i + 1);
  }
  return null;
}

// ── Any file ─────────────────────────────────────────────────────────────────────────────────────────

/**
 * A file to read: its first bytes (enough to tell its type), its length, a way to read any range of it, and
 * what the image decoder reads it from (its path on disk, or its bytes).
 */
export type TSource = {
  head: Buffer;
  size: number;
  read(offset: number, length: number): Promise<Buffer>;
  input: string | Buffer;
};

/** How many first bytes tell a file's type (and hold an SVG's root element). */
export const HEAD_BYTES = 64 * 1024;

/** A file held in memory, as a source. */
export const bufferSource = (buf: Buffer): TSource => ({
  head: buf.subarray(0, HEAD_BYTES),
  size: buf.length,
  read: async (offset, length) => buf.subarray(offset, Math.min(buf.length, offset + length)),
  input: buf,
});

/** The largest movie box read (a 100 MB video's is usually well under 1 MB). */
const MOOV_MAX = 32 * 1024 * 1024;

/**
 * The movie box of an MP4 / QuickTime file on disk, found by walking its top-level box headers (16 bytes
 * each, at most MAX_BOXES of them): only that box is read into memory. Null when there is none, or it is
 * larger than MOOV_MAX.
 */
async function movieBoxOf(src: TSource): Promise<Buffer | null> {
  let at = 0;
  for (let n = 0; n < MAX_BOXES && at + 8 <= src.size; n++) {
    const h = await src.read(at, 16);
    if (h.length < 8) return null;
    let size = h.readUInt32BE(0);
    const type = h.toString('latin1', 4, 8);
    if (size === 1) {
      if (h.length < 16) return null;
      const large = h.readBigUInt64BE(8);
      if (large > BigInt(src.size - at)) return null;
      size = Number(large);
    } else if (size === 0) size = src.size - at;
    if (size < 8 || at + size > src.size) return null;
    if (type === 'moov') return size > MOOV_MAX ? null : src.read(at, size);
    at += size;
  }
  return null;
}

/** Size limits of one file by kind (a file at or over its kind's limit is refused with the message). */
export type TProbeLimits = { imageBytes: number; videoBytes: number };
const NO_LIMITS: TProbeLimits = { imageBytes: Number.POSITIVE_INFINITY, videoBytes: Number.POSITIVE_INFINITY };

/** What was read, and for an SVG the PNG drawn from it: what is stored in its place. */
export type TProbedFile = TProbed & { converted: Buffer | null };

function tooLargeCheck(kind: 'image' | 'video', size: number, limits: TProbeLimits) {
  if (kind === 'image' && size >= limits.imageBytes) throw new MediaRefused(POST_MSG.imageTooLarge30);
  if (kind === 'video' && size >= limits.videoBytes) throw new MediaRefused(POST_MSG.videoUnder100);
}

/** An SVG, checked (svgIssue) and drawn as a PNG: an SVG is never kept as SVG. */
async function probeSvg(src: TSource): Promise<TProbedFile | null> {
  if (svgRootAt(src.head.toString('utf8')) === -1) return null;
  if (src.size > SVG_MAX_BYTES) throw new MediaRefused(UPLOAD_MSG.svgTooLarge);
  const buf = await src.read(0, src.size);
  const text = buf.toString('utf8');
  const at = svgRootAt(text);
  if (at === -1 || !rootTag(text, at) || svgIssue(text)) throw new MediaRefused(POST_MSG.fileNotSupported);
  const drawn = await rasterizeSvg(buf);
  if (!drawn) throw new MediaRefused(POST_MSG.fileNotSupported);
  return {
    kind: 'image',
    mimeType: 'image/png',
    ext: 'png',
    width: drawn.width,
    height: drawn.height,
    durationSec: null,
    converted: drawn.png,
  };
}

/** sharp's name of each accepted raster type. */
const SHARP_FORMAT: Record<string, string> = { 'image/jpeg': 'jpeg', 'image/png': 'png', 'image/webp': 'webp' };

/**
 * Reads what a file is from its bytes. Images are decoded whole (decodeRaster), with a pixel limit; an SVG is
 * drawn as a PNG. TIFF and other images of a type not accepted, and an image that does not decode or is too
 * large once decoded: 'This file is not supported'; a video of another container (WebM, AVI, …) or an
 * MP4/QuickTime whose movie header cannot be read: 'Unsupported video format.'; anything else: 'Uploaded
 * media files are not supported'. A file at or over its kind's limit is refused before it is decoded.
 */
export async function probeSource(src: TSource, limits: TProbeLimits = NO_LIMITS): Promise<TProbedFile> {
  // file-type is loaded on the first upload: an idle server does not carry it
  const { fileTypeFromBuffer } = await import('file-type');
  const type = await fileTypeFromBuffer(src.head).catch(() => undefined);
  const mime = type?.mime as string | undefined;
  // SVG is text: file-type knows it at most as XML
  if (!mime || mime === 'application/xml') {
    if (svgRootAt(src.head.toString('utf8')) === -1) throw new MediaRefused(POST_MSG.mediaNotSupported);
    tooLargeCheck('image', src.size, limits);
    const svg = await probeSvg(src);
    if (svg) return svg;
    throw new MediaRefused(POST_MSG.mediaNotSupported);
  }
  if (mime.startsWith('image/')) {
    if (!(ACCEPTED_IMAGE_TYPES as readonly string[]).includes(mime) || !SHARP_FORMAT[mime])
      throw new MediaRefused(POST_MSG.fileNotSupported);
    tooLargeCheck('image', src.size, limits);
    const decoded = await decodeRaster(src.input);
    if (!decoded || decoded.format !== SHARP_FORMAT[mime]) throw new MediaRefused(POST_MSG.fileNotSupported);
    return {
      kind: 'image',
      mimeType: mime,
      ext: EXT[mime],
      width: decoded.width,
      height: decoded.height,
      durationSec: null,
      converted: null,
    };
  }
  if (mime.startsWith('video/')) {
    if (!(ACCEPTED_VIDEO_TYPES as readonly string[]).includes(mime)) throw new MediaRefused(POST_MSG.videoFormat);
    tooLargeCheck('video', src.size, limits);
    const moov = await movieBoxOf(src);
    const facts = moov ? readMp4(moov) : null;
    if (!facts) throw new MediaRefused(POST_MSG.videoFormat);
    return { kind: 'video', mimeType: mime, ext: EXT[mime], ...facts, converted: null };
  }
  throw new MediaRefused(POST_MSG.mediaNotSupported);
}

/** probeSource for a file held in memory. */
export const probe = (buf: Buffer, limits?: TProbeLimits) => probeSource(bufferSource(buf), limits);
