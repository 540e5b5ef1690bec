import { createHash } from 'node:crypto';
import {
  BULK_MSG,
  BULK_REMOTE_MEDIA_MAX,
  bulkExcerpt,
  bulkRowMessage,
  isUnderOwnPrefix,
  readBulkFile,
  SOCIAL_NETWORKS,
  socialNetwork,
  type TBulkImportResult,
  type TBulkPreview,
  type TBulkRowInput,
  TITLE_MAX,
  type TPostBody,
  V1_MSG,
} from '@virality/domain';
import type { Clock } from '../../clock';
import { AppError, badRequest } from '../../errors';
import { newId } from '../../lib/ids';
import type { TUnitOfWork } from '../../lib/unit-of-work';
import type { TAuthContext } from '../auth/service';
import type { TMediaService } from '../media/service';
import { unspool } from '../media/spool';
import type { TPostsService } from '../posts/service';
import type { TFetchMedia } from '../public-api/service';
import type { TSocialAccountsService } from '../social-accounts/service';
import type { TBulkImportRepository } from './repository';

/** An import refused because rows have errors: the preview says which (nothing was made). */
export class BulkRowsRefused extends AppError {
  constructor(readonly preview: TBulkPreview) {
    super(400, BULK_MSG.rowsHaveErrors(preview.errorRows), preview, 'VALIDATION_FAILED');
  }
}

/** What a preview's dry run throws to undo every post it made. */
class DryRun extends Error {}

/** What an import answers: 201 the first time, 200 for a repeat of its key (the kept answer). */
export type TBulkAnswer = { status: 200 | 201; body: TBulkImportResult };

/** The text a file is compared by: without a byte order mark, with LF line ends (the same file saved again matches). */
export const fileSha256 = (csv: string) =>
  createHash('sha256')
    .update(csv.replace(/^\uFEFF/, '').replace(/\r\n/g, '\n'))
    .digest('hex');

/** A day as the refusal of a repeated file says it: 1 July 2030, 09:00 UTC. */
const dayText = (d: Date) =>
  `${d.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' })}, ${d.toISOString().slice(11, 16)} UTC`;

/** The messages of a refusal: each field's own (a network's limits name each issue), else its message. */
function messagesOf(err: AppError): string[] {
  const errors = (err.response as { errors?: Record<string, unknown> } | null)?.errors;
  if (errors && typeof errors === 'object') {
    const list = Object.values(errors)
      .flatMap((v) => (Array.isArray(v) ? v : [v]))
      .filter((v) => typeof v === 'string');
    if (list.length) return list as string[];
  }
  return [err.message];
}

type TRow = TBulkRowInput & { accountIds: string[]; urls: string[]; at: Date | null; times: string | null };

/**
 * Bulk scheduling from a CSV file: each row becomes a post made exactly as the app makes one (the posts service's
 * checks, plan counts, queue slots and a manager's drafts for approval), all of a file's posts in one unit of work
 * with the import's own row, so a file is imported whole or not at all, and a repeat of its import key answers the
 * first import without making its posts again. A preview is the same run, undone at its end.
 */
export function createBulkImportService(deps: {
  repo: TBulkImportRepository;
  unitOfWork: TUnitOfWork;
  clock: Clock;
  posts: TPostsService;
  social: TSocialAccountsService;
  media: TMediaService;
  fetchMedia: TFetchMedia;
  /** This server's upload prefix (`${publicUrl}/uploads/`): addresses under it are never fetched. */
  ownPrefix: string;
}) {
  const { repo, unitOfWork, clock, posts, social, media } = deps;

  /** The file read with its own rules, each account named resolved to one of the caller's linked accounts. */
  async function rowsOf(a: TAuthContext, csv: string): Promise<TRow[]> {
    const file = readBulkFile(csv, { ownPrefix: deps.ownPrefix });
    if (!file.ok) throw badRequest(file.error);
    const linked = await social.list(a, null);
    const byName = new Map<string, string[]>();
    for (const s of linked) {
      const key = `${socialNetwork(s.SocialMediaID)?.key}:${s.UserName.replace(/^@/, '').toLowerCase()}`;
      byName.set(key, [...(byName.get(key) ?? []), s.id]);
    }
    return file.rows.map((r) => {
      const errors = [...r.errors];
      const accountIds: string[] = [];
      for (const acc of r.accounts) {
        const label = SOCIAL_NETWORKS.find((n) => n.key === acc.network)!.label;
        const ids = byName.get(`${acc.network}:${acc.username.toLowerCase()}`) ?? [];
        if (ids.length === 0) errors.push(BULK_MSG.accountNotLinked(label, acc.username));
        else if (ids.length > 1) errors.push(BULK_MSG.accountAmbiguous(label, acc.username));
        else if (acc.network === 'tiktok') errors.push(BULK_MSG.tiktokPrivacy);
        else accountIds.push(ids[0]);
      }
      return { ...r, errors: [...new Set(errors)], accountIds, urls: r.media, times: null };
    });
  }

  /**
   * The rows' media outside this server, fetched (public https addresses only, within the upload limit) and uploaded
   * with the app's checks: each row then names uploads of the organization. A file that cannot be fetched or is
   * refused is the error of each row that names it. Runs before any unit of work: nothing waits on the network in one.
   */
  async function fetchRemote(a: TAuthContext, rows: TRow[]): Promise<void> {
    const wanted = [...new Set(rows.filter((r) => r.errors.length === 0).flatMap((r) => r.media))];
    const remote: string[] = [];
    for (const url of wanted) {
      if (isUnderOwnPrefix(url, deps.ownPrefix)) continue;
      // an upload of this organization (stored elsewhere, S3) is taken as it is
      const own = await media.resolve(a.user.orgId, [url]).then(
        () => true,
        () => false,
      );
      if (!own) remote.push(url);
    }
    if (remote.length === 0) return;
    if (remote.length > BULK_REMOTE_MEDIA_MAX) throw badRequest(BULK_MSG.tooManyRemoteMedia);
    await media.assertMayUpload(a);
    const got = new Map<string, string | AppError>();
    for (const url of remote) {
      try {
        const file = await deps.fetchMedia(url, media.spoolDir, media.limits.uploadBytes);
        try {
          const incoming = (async function* () {
            yield { name: file.name, save: async () => file.spooled };
          })();
          const [uploaded] = await media.uploadOne(a, undefined, incoming);
          got.set(url, uploaded.result);
        } finally {
          await unspool(file.spooled);
        }
      } catch (err) {
        if (!(err instanceof AppError) || err.statusCode === 429) throw err;
        got.set(url, err);
      }
    }
    for (const r of rows) {
      for (const url of r.media) {
        const v = got.get(url);
        if (v instanceof AppError) r.errors.push(`${url.length > 80 ? `${url.slice(0, 79)}…` : url}: ${v.message}`);
      }
      r.urls = r.media.map((u) => {
        const v = got.get(u);
        return typeof v === 'string' ? v : u;
      });
    }
  }

  /** A row as a post request of the app (a YouTube video's title: the text's first line). */
  function bodyOf(r: TRow): TPostBody {
    const at = r.at?.toISOString() ?? null;
    const youtube = r.accounts.some((x) => x.network === 'youtube');
    return {
      CaptionDescription: r.text,
      Title: youtube ? r.text.split('\n')[0].trim().slice(0, TITLE_MAX) : null,
      PostDetails: r.accountIds.map((id) => ({ UserSocialMediaID: id })),
      MediaDetails: r.urls.map((url) => ({ ImageVideoUrl: url })),
      IsDraft: false,
      IsScheduled: !r.queue,
      AddToQueue: r.queue,
      ScheduledDate: at ? at.slice(0, 10) : null,
      ScheduledTime: at ? at.slice(11, 16) : null,
    };
  }

  /**
   * Makes each row's post in the unit of work in progress, in file order (so queue rows take slots in that order),
   * each under a savepoint: a refused row is undone alone and its refusal becomes its errors, so every row is told
   * what is wrong with it. The posts made, by row.
   */
  async function makePosts(a: TAuthContext, rows: TRow[]): Promise<TBulkImportResult['posts']> {
    const made: TBulkImportResult['posts'] = [];
    for (const r of rows) {
      if (r.errors.length) continue;
      await repo.savepoint();
      try {
        const id = await posts.createWithoutWait(a, bodyOf(r), r.urls.length > 1);
        await repo.release();
        const p = await posts.getPost(a, id);
        const postAt = p.ScheduledDate && p.ScheduledTime ? `${p.ScheduledDate}T${p.ScheduledTime}:00.000Z` : null;
        // in the row's order of accounts
        const order = (t: { UserSocialMediaID: string | null }) => r.accountIds.indexOf(t.UserSocialMediaID ?? '');
        const accounts = [...p.MediaPostedOn]
          .sort((x, y) => order(x) - order(y))
          .map((t) => ({
            accountId: t.UserSocialMediaID ?? '',
            network: socialNetwork(t.SocialMediaID)?.key ?? t.SocialMediaID,
            name: t.UserName,
            at: t.DueAt ?? (p.InQueue && p.IsDraft ? null : postAt),
          }));
        r.times = accounts.map((x) => x.at).find(Boolean) ?? null;
        made.push({ row: r.row, postId: id, draft: p.IsDraft, accounts });
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        await repo.rollbackToSavepoint();
        r.errors.push(...messagesOf(err));
      }
    }
    return made;
  }

  function previewOf(rows: TRow[], sha: string, before: Date | null): TBulkPreview {
    return {
      rows: rows.map((r) => ({
        row: r.row,
        text: bulkExcerpt(r.text),
        accounts: r.accounts.map((x) => `${x.network}:${x.username}`),
        when: r.when,
        queue: r.queue,
        at: r.times ?? r.at?.toISOString() ?? null,
        mediaCount: r.media.length,
        errors: r.errors,
      })),
      errorRows: rows.filter((r) => r.errors.length > 0).length,
      fileSha256: sha,
      importedBefore: before?.toISOString() ?? null,
    };
  }

  /** The kept answer of an import key, or 422 when the key was used for another file; null for a new key. */
  async function keptAnswer(a: TAuthContext, importKey: string, sha: string): Promise<TBulkAnswer | null> {
    const kept = await repo.findByKey(a.user.orgId, importKey);
    if (!kept) return null;
    if (kept.fileSha256 !== sha) throw new AppError(422, BULK_MSG.keyReused, null, 'CONFLICT');
    return { status: 200, body: kept.result as TBulkImportResult };
  }

  return {
    /**
     * Checks a file as its import would, row by row, and makes nothing: each row with its errors in the app's words,
     * the moment it would go out (a queue row's slot as of now), and when the same file was imported before.
     */
    async preview(a: TAuthContext, csv: string): Promise<TBulkPreview> {
      await media.assertMayUpload(a);
      const sha = fileSha256(csv);
      const rows = await rowsOf(a, csv);
      const before = await repo.lastImportOf(a.user.orgId, sha);
      await fetchRemote(a, rows);
      try {
        await unitOfWork(async () => {
          await makePosts(a, rows);
          throw new DryRun();
        });
      } catch (err) {
        if (!(err instanceof DryRun)) throw err;
      }
      return previewOf(rows, sha, before);
    },

    /**
     * Imports a file: every row's post, or none (400 with the preview when any row has an error). The same file
     * imported before under another key is refused (409, with its date) unless `confirmDuplicate`. A repeat of an
     * import key answers the first import (200) and makes nothing; the same key with another file is 422.
     */
    async import(a: TAuthContext, csv: string, importKey: string, confirmDuplicate: boolean): Promise<TBulkAnswer> {
      await media.assertMayUpload(a);
      const sha = fileSha256(csv);
      const kept = await keptAnswer(a, importKey, sha);
      if (kept) return kept;
      const rows = await rowsOf(a, csv);
      const before = await repo.lastImportOf(a.user.orgId, sha);
      if (before && !confirmDuplicate)
        throw new AppError(409, BULK_MSG.alreadyImported(dayText(before)), { importedAt: before.toISOString() }, 'CONFLICT');
      await fetchRemote(a, rows);
      // every row is run, those with errors skipped, so that a refusal names every row's errors at once
      return unitOfWork(async (): Promise<TBulkAnswer> => {
        const now = clock.now();
        const id = newId();
        const first = await repo.claim({
          id,
          orgId: a.user.orgId,
          createdBy: a.userId,
          importKey,
          fileSha256: sha,
          rowCount: rows.length,
          postIds: [],
          result: {},
          createdAt: now,
        });
        if (!first) {
          // the same key, imported meanwhile by a request that has just committed
          const again = await keptAnswer(a, importKey, sha);
          if (again) return again;
          throw new AppError(409, V1_MSG.idempotencyInFlight, null, 'CONFLICT');
        }
        const made = await makePosts(a, rows);
        if (rows.some((r) => r.errors.length)) throw new BulkRowsRefused(previewOf(rows, sha, before));
        const body: TBulkImportResult = { importId: id, importedAt: now.toISOString(), fileSha256: sha, posts: made };
        await repo.finish(
          id,
          made.map((p) => p.postId),
          body,
        );
        return { status: 201, body };
      });
    },
  };
}
export type TBulkImportService = ReturnType<typeof createBulkImportService>;

/** A refusal's rows as one line each (`Row 3: …`), for answers that carry a list of field errors. */
export const rowErrorLines = (preview: TBulkPreview) =>
  preview.rows.flatMap((r) => r.errors.map((e) => ({ field: `row ${r.row}`, message: bulkRowMessage(r.row, e) })));
