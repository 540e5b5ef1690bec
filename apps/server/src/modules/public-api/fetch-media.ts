import path from 'node:path';
import { Transform } from 'node:stream';
import { POST_MSG, V1_MSG } from '@virality/domain';
import { AppError, badRequest } from '../../errors';
import { outboundRequest, PrivateAddressError, publicUrlIssue, type TOutboundAnswer } from '../../lib/outbound';
import { spool } from '../media/spool';
import type { TFetchMedia } from './service';

/** Redirects followed (each checked as the first address is). */
const MAX_REDIRECTS = 3;
/** The answer's head must come within this; the whole file within FETCH_TOTAL_MS. */
const FETCH_HEAD_MS = 15_000;
const FETCH_TOTAL_MS = 120_000;

class TooLarge extends Error {}

/** The file's name: the last part of its address's path. */
function nameOf(url: string): string {
  const last = path.posix.basename(new URL(url).pathname);
  try {
    return decodeURIComponent(last).slice(0, 200) || 'file';
  } catch {
    return last.slice(0, 200) || 'file';
  }
}

/**
 * POST /api/v1/media {url}: the file at an address a client chose, fetched as an upload arrives. The address must be
 * https and public (checked again at each redirect, and by the connection's own lookup: a name that resolves inside
 * is refused); the file is written to the spool folder as it comes, cut off at the upload limit, within a deadline.
 * The sandbox also takes http://127.0.0.1 (its own test servers).
 */
export function mediaFetcher(opts: { loopbackHttp: boolean }): TFetchMedia {
  return async (url, spoolDir, maxBytes) => {
    let at = url;
    let answer: TOutboundAnswer | null = null;
    for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
      const issue = publicUrlIssue(at, opts);
      if (issue) throw badRequest(issue === 'protocol' ? V1_MSG.urlInvalid : V1_MSG.urlPrivate);
      try {
        answer = await outboundRequest(at, { method: 'GET', timeoutMs: FETCH_HEAD_MS, loopbackHttp: opts.loopbackHttp });
      } catch (err) {
        if (err instanceof PrivateAddressError) throw badRequest(V1_MSG.urlPrivate);
        throw badRequest(V1_MSG.urlUnreachable('the address did not answer'));
      }
      const location = answer.headers.location;
      if (answer.status >= 300 && answer.status < 400 && location) {
        answer.body.resume();
        at = new URL(location, at).toString();
        answer = null;
        continue;
      }
      break;
    }
    if (!answer) throw badRequest(V1_MSG.urlUnreachable('too many redirects'));
    const body = answer.body;
    if (answer.status < 200 || answer.status >= 300) {
      body.resume();
      throw badRequest(V1_MSG.urlUnreachable(`it answered ${answer.status}`));
    }
    const declared = Number(answer.headers['content-length']);
    if (Number.isFinite(declared) && declared > maxBytes) {
      body.destroy();
      throw new AppError(413, POST_MSG.videoUnder100);
    }
    let seen = 0;
    const capped = new Transform({
      transform(chunk: Buffer, _enc, done) {
        seen += chunk.length;
        done(seen > maxBytes ? new TooLarge() : null, chunk);
      },
    });
    // an error of the download (a reset, the deadline) fails the cut-off stream the spool reads
    body.on('error', (err) => capped.destroy(err));
    const deadline = setTimeout(() => body.destroy(new Error('deadline')), FETCH_TOTAL_MS);
    try {
      const spooled = await spool(body.pipe(capped), spoolDir);
      return { name: nameOf(at), spooled };
    } catch (err) {
      if (err instanceof TooLarge) throw new AppError(413, POST_MSG.videoUnder100);
      throw badRequest(V1_MSG.urlUnreachable('the download broke off'));
    } finally {
      clearTimeout(deadline);
    }
  };
}
