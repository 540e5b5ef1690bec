import { z } from 'zod';
import { CAPTION_MAX } from '../contracts/post';
import { MEDIA_MAX_FILES, POST_MSG } from './post';
import { SOCIAL_NETWORK_KEYS, type TSocialNetworkKey } from './social';

/**
 * Bulk scheduling from a CSV file: the file's format (RFC 4180, a header row naming the columns), the rules each row
 * is read with before the server checks it as any post, and the words of both. A row is numbered as a spreadsheet
 * shows it: the header is row 1, the first post row 2.
 */

/** At most this many post rows in one file. */
export const BULK_ROWS_MAX = 500;
/** The largest file taken (1 MiB: 500 rows of about 2,000 characters). */
export const BULK_FILE_MAX_BYTES = 1024 * 1024;
/** At most this many accounts in one row (as one post takes). */
export const BULK_ACCOUNTS_MAX = 50;
/** At most this many different media addresses outside this server in one file: each is fetched on import. */
export const BULK_REMOTE_MEDIA_MAX = 20;
/** The longest import key a client sends (its Idempotency-Key). */
export const BULK_IMPORT_KEY_MAX = 255;
/** A preview shows this much of each row's text. */
export const BULK_EXCERPT_CHARS = 120;
/** The longest media address taken. */
export const BULK_MEDIA_URL_MAX = 1000;

export const BULK_COLUMNS = ['text', 'accounts', 'when', 'media'] as const;
export type TBulkColumn = (typeof BULK_COLUMNS)[number];
const REQUIRED_COLUMNS: readonly TBulkColumn[] = ['text', 'accounts', 'when'];

const NETWORK_LIST = `${SOCIAL_NETWORK_KEYS.slice(0, -1).join(', ')} or ${SOCIAL_NETWORK_KEYS.at(-1)}`;

export const BULK_MSG = {
  // the file
  fileEmpty: 'The file is empty: download the template and fill it in',
  fileTooLarge: `The file is larger than ${BULK_FILE_MAX_BYTES / 1024 / 1024} MB: split it into smaller files`,
  notUtf8: 'The file is not UTF-8 text: save it as “CSV UTF-8” and try again',
  noRows: 'The file has no posts: add one row per post under the header',
  tooManyRows: (n: number) => `The file has ${n} posts: at most ${BULK_ROWS_MAX} can be imported at once`,
  unknownColumn: (name: string) => `Unknown column “${name}”: the columns are text, accounts, when and media`,
  duplicateColumn: (name: string) => `The column “${name}” is there twice`,
  missingColumn: (name: string) => `The file needs a “${name}” column`,
  unclosedQuote: (row: number) => `Row ${row}: a quoted value is not closed (a " is missing)`,
  afterQuote: (row: number) => `Row ${row}: after a closing " comes a comma or the end of the line`,
  tooManyRemoteMedia: `At most ${BULK_REMOTE_MEDIA_MAX} different media addresses from other sites in one file: upload the files here and use their addresses`,
  // a row
  tooManyValues: (n: number, columns: number) => `This row has ${n} values; the header has ${columns} columns`,
  textTooLong: 'Caption is too long',
  accountFormat: (value: string) => `“${value}” is not network:username (for example instagram:yourbrand)`,
  unknownNetwork: (network: string) => `“${network}” is not a network: use ${NETWORK_LIST}`,
  tooManyAccounts: `At most ${BULK_ACCOUNTS_MAX} accounts in one row`,
  accountNotLinked: (network: string, name: string) => `No linked ${network} account is named ${name}`,
  accountAmbiguous: (network: string, name: string) =>
    `Two linked ${network} accounts are named ${name}: post to them from the composer`,
  tiktokPrivacy: 'TikTok asks who can see each post, which a file cannot say: schedule TikTok posts from the composer',
  whenRequired: 'Write when to post: a date and time with its offset (2025-07-01T09:00+02:00) or queue',
  whenOffset: 'Add the time zone offset to the time, for example 2025-07-01T09:00+02:00 (or Z for UTC)',
  whenInvalid: 'when must be a date and time such as 2025-07-01T09:00+02:00, or queue',
  mediaUrl: (value: string) => `“${value}” is not an https address or a file uploaded here`,
  mediaUrlTooLong: `A media address is longer than ${BULK_MEDIA_URL_MAX} characters`,
  // the answers
  previewed: 'File checked',
  imported: (n: number) => (n === 1 ? '1 post imported' : `${n} posts imported`),
  rowsHaveErrors: (n: number) =>
    n === 1 ? '1 row of the file has errors: nothing was imported' : `${n} rows of the file have errors: nothing was imported`,
  alreadyImported: (date: string) => `This file was already imported on ${date}: import it again only if you mean to`,
  keyRequired: 'Send an import key (Idempotency-Key header) so that a repeat does not import twice',
  keyReused: 'This import key was used for another file: use a new key for each file',
  templateName: 'virality-bulk-template.csv',
} as const;

/** A row's message with its row number, as one line of text (an API's summary, a log of refusals). */
export const bulkRowMessage = (row: number, message: string) => `Row ${row}: ${message}`;

// ── The CSV format ─────────────────────────────────────────────────────────────────────────────────

export type TCsvParse = { ok: true; records: { row: number; values: string[] }[] } | { ok: false; error: string };

/**
 * Reads CSV text as RFC 4180 says: values separated by commas, records by CRLF or LF; a value in double quotes may
 * hold commas, line breaks and "" (one "). A leading byte order mark is dropped. A quote inside an unquoted value is
 * kept as it is (spreadsheets write them so). Records whose values are all blank are skipped (trailing lines, rows a
 * spreadsheet left empty). `row` is the record's number counted from 1 (the header).
 */
export function parseCsv(input: string): TCsvParse {
  const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
  const records: { row: number; values: string[] }[] = [];
  let values: string[] = [];
  let value = '';
  let row = 1;
  let i = 0;
  const n = text.length;
  const endRecord = () => {
    values.push(value);
    if (values.some((v) => v.trim() !== '')) records.push({ row, values });
    row += 1;
    values = [];
    value = '';
  };
  while (i < n) {
    const c = text[i];
    if (c === '"' && value === '') {
      // a quoted value: up to the quote not doubled
      let j = i + 1;
      let out = '';
      for (;;) {
        const q = text.indexOf('"', j);
        if (q < 0) return { ok: false, error: BULK_MSG.unclosedQuote(row) };
        out += text.slice(j, q);
        if (text[q + 1] === '"') {
          out += '"';
          j = q + 2;
          continue;
        }
        i = q + 1;
        break;
      }
      value = out;
      const next = text[i];
      if (i < n && next !== ',' && next !== '\n' && !(next === '\r' && text[i + 1] === '\n')) {
        return { ok: false, error: BULK_MSG.afterQuote(row) };
      }
      continue;
    }
    if (c === ',') {
      values.push(value);
      value = '';
      i += 1;
    } else if (c === '\n') {
      endRecord();
      i += 1;
    } else if (c === '\r' && text[i + 1] === '\n') {
      endRecord();
      i += 2;
    } else {
      value += c;
      i += 1;
    }
  }
  if (value !== '' || values.length > 0) endRecord();
  return { ok: true, records };
}

/** One post row as the file has it, with what is wrong with it so far (the server adds the post's own checks). */
export type TBulkRowInput = {
  row: number;
  text: string;
  /** Each account as network and username (the @ of a handle dropped). */
  accounts: { network: TSocialNetworkKey; username: string }[];
  /** The moment to post (UTC, to the minute), or null for the queue (or when `when` is wrong). */
  at: Date | null;
  queue: boolean;
  /** What the row's `when` says, as written. */
  when: string;
  media: string[];
  errors: string[];
};

export type TBulkFile =
  | { ok: true; rows: TBulkRowInput[] }
  | {
      ok: false;
      error: string;
    };

const ISO_AT = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?$/i;

/** A row's `when`: 'queue', or an ISO 8601 date and time with its offset (seconds are dropped: posts go to the minute). */
export function readWhen(raw: string): { queue: true } | { at: Date } | { error: string } {
  const value = raw.trim();
  if (!value) return { error: BULK_MSG.whenRequired };
  if (value.toLowerCase() === 'queue') return { queue: true };
  const m = ISO_AT.exec(value);
  if (!m) return { error: BULK_MSG.whenInvalid };
  if (!m[7]) return { error: BULK_MSG.whenOffset };
  const [y, mo, d, h, mi] = [m[1], m[2], m[3], m[4], m[5]].map(Number);
  if (h > 23 || mi > 59 || mo < 1 || mo > 12) return { error: BULK_MSG.whenInvalid };
  const local = Date.UTC(y, mo - 1, d, h, mi);
  const back = new Date(local);
  if (back.getUTCDate() !== d || back.getUTCMonth() !== mo - 1) return { error: BULK_MSG.whenInvalid };
  let offset = 0;
  if (m[7].toUpperCase() !== 'Z') {
    const sign = m[7][0] === '-' ? -1 : 1;
    const digits = m[7].slice(1).replace(':', '');
    const oh = Number(digits.slice(0, 2));
    const om = Number(digits.slice(2));
    if (oh > 18 || om > 59) return { error: BULK_MSG.whenInvalid };
    offset = sign * (oh * 60 + om);
  }
  return { at: new Date(local - offset * 60_000) };
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused in an address
const UNSAFE_URL_CHAR = /[\s"'<>\\`\u0000-\u001f\u007f]/;

/** What is wrong with a media address, or null: an https address, or a file under this server's upload prefix. */
export function bulkMediaIssue(url: string, ownPrefix: string | null): string | null {
  if (url.length > BULK_MEDIA_URL_MAX) return BULK_MSG.mediaUrlTooLong;
  if (UNSAFE_URL_CHAR.test(url)) return BULK_MSG.mediaUrl(url);
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return BULK_MSG.mediaUrl(url);
  }
  if (parsed.username || parsed.password) return BULK_MSG.mediaUrl(url);
  if (ownPrefix && url.startsWith(ownPrefix) && parsed.href.startsWith(ownPrefix) && parsed.href.length > ownPrefix.length)
    return null;
  if (parsed.protocol !== 'https:' || !parsed.hostname) return BULK_MSG.mediaUrl(url);
  return null;
}

/** Whether a media address lies under this server's own upload prefix (never fetched: it must be an upload here). */
export const isUnderOwnPrefix = (url: string, ownPrefix: string | null) => Boolean(ownPrefix) && url.startsWith(ownPrefix!);

const splitList = (v: string) =>
  v
    .split(';')
    .map((s) => s.trim())
    .filter(Boolean);

/**
 * Reads a CSV file of posts: its header (columns in any order and any case; text, accounts and when required, media
 * optional, nothing else), then each row with the file's own rules (accounts as network:username, when, media
 * addresses). A file-wide problem is the answer's error; a row's problems are its `errors`.
 */
export function readBulkFile(input: string, opts: { ownPrefix: string | null }): TBulkFile {
  if (!input.replace(/^\uFEFF/, '').trim()) return { ok: false, error: BULK_MSG.fileEmpty };
  const parsed = parseCsv(input);
  if (!parsed.ok) return parsed;
  const [header, ...records] = parsed.records;
  if (!header) return { ok: false, error: BULK_MSG.fileEmpty };
  const index = new Map<TBulkColumn, number>();
  for (const [i, raw] of header.values.entries()) {
    const name = raw.trim().toLowerCase();
    if (!name) continue;
    if (!(BULK_COLUMNS as readonly string[]).includes(name))
      return { ok: false, error: BULK_MSG.unknownColumn(raw.trim().slice(0, 40)) };
    if (index.has(name as TBulkColumn)) return { ok: false, error: BULK_MSG.duplicateColumn(name) };
    index.set(name as TBulkColumn, i);
  }
  for (const c of REQUIRED_COLUMNS) if (!index.has(c)) return { ok: false, error: BULK_MSG.missingColumn(c) };
  if (records.length === 0) return { ok: false, error: BULK_MSG.noRows };
  if (records.length > BULK_ROWS_MAX) return { ok: false, error: BULK_MSG.tooManyRows(records.length) };

  const columns = header.values.length;
  const rows = records.map(({ row, values }): TBulkRowInput => {
    const errors: string[] = [];
    const cell = (c: TBulkColumn) => {
      const at = index.get(c);
      return at === undefined ? '' : (values[at] ?? '');
    };
    if (values.length > columns) errors.push(BULK_MSG.tooManyValues(values.length, columns));
    // a caption keeps its inner line breaks and spaces; only its leading blank is dropped (as the composer does)
    const text = cell('text').replace(/^\s+/, '');
    if (!text.trim()) errors.push(POST_MSG.captionRequired);
    else if (text.length > CAPTION_MAX) errors.push(BULK_MSG.textTooLong);

    const accounts: TBulkRowInput['accounts'] = [];
    const seen = new Set<string>();
    const names = splitList(cell('accounts'));
    if (names.length === 0) errors.push(POST_MSG.accountRequired);
    else if (names.length > BULK_ACCOUNTS_MAX) errors.push(BULK_MSG.tooManyAccounts);
    else
      for (const item of names) {
        const colon = item.indexOf(':');
        const network = colon > 0 ? item.slice(0, colon).trim().toLowerCase() : '';
        const username =
          colon > 0
            ? item
                .slice(colon + 1)
                .trim()
                .replace(/^@/, '')
            : '';
        if (!network || !username) {
          errors.push(BULK_MSG.accountFormat(item.slice(0, 80)));
          continue;
        }
        if (!(SOCIAL_NETWORK_KEYS as readonly string[]).includes(network)) {
          errors.push(BULK_MSG.unknownNetwork(network.slice(0, 40)));
          continue;
        }
        const key = `${network}:${username.toLowerCase()}`;
        if (seen.has(key)) continue;
        seen.add(key);
        accounts.push({ network: network as TSocialNetworkKey, username: username.slice(0, 200) });
      }

    const whenRaw = cell('when').trim();
    const when = readWhen(whenRaw);
    if ('error' in when) errors.push(when.error);

    const media = splitList(cell('media'));
    if (media.length > MEDIA_MAX_FILES) errors.push(POST_MSG.maxFiles);
    else
      for (const url of media) {
        const issue = bulkMediaIssue(url, opts.ownPrefix);
        if (issue) errors.push(issue.length > 200 ? `${issue.slice(0, 199)}…` : issue);
      }
    return {
      row,
      text,
      accounts,
      at: 'at' in when ? when.at : null,
      queue: 'queue' in when,
      when: whenRaw.slice(0, 64),
      media,
      errors,
    };
  });
  return { ok: true, rows };
}

/** The first characters of a row's text, for a preview. */
export const bulkExcerpt = (text: string) => {
  const chars = [...text];
  return chars.length > BULK_EXCERPT_CHARS ? `${chars.slice(0, BULK_EXCERPT_CHARS - 1).join('')}…` : text;
};

/**
 * The template: the header and two example rows (one at a date and time a week after `now`, one to the queue), each
 * with a photo (every post carries media). No value starts with = + - or @, so a spreadsheet opening it runs nothing.
 */
export function bulkTemplate(now: Date): string {
  const at = new Date(now.getTime() + 7 * 86_400_000).toISOString().slice(0, 10);
  return [
    'text,accounts,when,media',
    `"Our summer sale starts today: 20% off everything, this week only.",instagram:yourbrand;facebook:Your Brand,${at}T09:00:00+00:00,https://example.com/images/summer-sale.jpg`,
    '"New on the blog: five ways to plan a month of posts in an afternoon.",twitter:yourbrand;linkedin:Your Company,queue,https://example.com/images/blog-cover.jpg',
    '',
  ].join('\r\n');
}

// ── What the calls answer ──────────────────────────────────────────────────────────────────────────

/** One row of a preview: what it will make and what is wrong with it (empty: it will be imported). */
export const zBulkPreviewRow = z.object({
  row: z.number(),
  text: z.string(),
  accounts: z.array(z.string()),
  when: z.string(),
  queue: z.boolean(),
  /** The moment it goes out (UTC), when the row names one. */
  at: z.string().nullable(),
  mediaCount: z.number(),
  errors: z.array(z.string()),
});
export type TBulkPreviewRow = z.infer<typeof zBulkPreviewRow>;

export const zBulkPreview = z.object({
  rows: z.array(zBulkPreviewRow),
  /** How many rows have errors (0: the file can be imported). */
  errorRows: z.number(),
  /** The file's SHA-256 (of its text), as the import compares it. */
  fileSha256: z.string(),
  /** When the same file was imported before (null: never). */
  importedBefore: z.string().nullable(),
});
export type TBulkPreview = z.infer<typeof zBulkPreview>;

/** One post an import made: its row, and each account with the moment it goes out there (null: a draft without one). */
export const zBulkImportedPost = z.object({
  row: z.number(),
  postId: z.string(),
  draft: z.boolean(),
  accounts: z.array(z.object({ accountId: z.string(), network: z.string(), name: z.string(), at: z.string().nullable() })),
});

export const zBulkImportResult = z.object({
  importId: z.string(),
  importedAt: z.string(),
  fileSha256: z.string(),
  posts: z.array(zBulkImportedPost),
});
export type TBulkImportResult = z.infer<typeof zBulkImportResult>;

/** What an import refused for a repeat of the same file answers beside its message. */
export const zBulkDuplicate = z.object({ importedAt: z.string() });

/** The query of an import (confirmDuplicate: import a file imported before all the same). */
export const zBulkImportQuery = z.object({
  confirmDuplicate: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
});
/** The query of the public API's import (dryRun: answer the preview, make nothing). */
export const zBulkV1Query = zBulkImportQuery.extend({
  dryRun: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
});

export const BULK_IMPORT_RESPONSES = {
  'POST /posts/bulk/preview': zBulkPreview,
  'POST /posts/bulk': zBulkImportResult,
} as const;
