import { useQueryClient } from '@tanstack/react-query';
import {
  mediaIssue,
  POST_MSG,
  QUEUE_MSG,
  scheduleIssue,
  type TPost,
  type TPostResult,
  type TSocialAccount,
  type TUploadedFile,
} from '@virality/domain';
import { createElement, useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { QUEUE_KEY } from '../../../lib/queue-api';
import { CURRENT_USER_KEY } from '../../../lib/use-current-user';
import { offerPush } from '../../../lib/web-push';
import { createPost } from '../api/create-post';
import { checkPostCount } from '../api/post-count';
import { updateDraft } from '../api/update-draft';
import { uploadMultipleFiles, uploadSingleFile } from '../api/upload-media';
import {
  buildRequest,
  chosenNetworks,
  factsOfUpload,
  localOffsetAt,
  type TComposerState,
  type TSubmitMode,
} from '../lib/compose';
import { TOAST_MS, toast } from '../lib/toasts';
import { FreeTierExceeded, LimitExceeded } from './plan-limit';

export type TPhase = 'idle' | 'checking' | 'uploading' | 'sending';

type TArgs = {
  state: TComposerState;
  setState: (fn: (s: TComposerState) => TComposerState) => void;
  accounts: readonly TSocialAccount[];
  userId: string;
  isManager: boolean;
  /** An influencer on the free tier: refused for the limit, it is told "Post limit exceeded: you have used all your posts.". */
  freeTier: boolean;
  planEnd: Date | null;
  draft: TPost | null;
  /** Closes the dialog without asking. */
  close: () => void;
  go: (path: string) => void;
};

/** A post meant to go (now, at its time, to the queue) that the server kept as a draft on every account: held for approval. */
export const isHeldForApproval = (r: TPostResult, kind: TSubmitMode): boolean =>
  kind !== 'draft' && r.media_posted_on.length > 0 && r.media_posted_on.every((t) => t.Status === 'draft');

const isLimit = (e: unknown) => e instanceof ApiError && (e.status === 429 || e.status === 402);

/**
 * What submit does, in order: the schedule rule; for anything that is not a draft, the plan's post count (a 429
 * closes the dialog with "Upgrade Your Plan"); the upload of every file not yet uploaded (with progress), checked
 * again against the media rules with the server's reading; then the post call, and its result shown.
 */
export function useSubmitPost({ state, setState, accounts, userId, isManager, freeTier, planEnd, draft, close, go }: TArgs) {
  const queryClient = useQueryClient();
  const [phase, setPhase] = useState<TPhase>('idle');
  const [progress, setProgress] = useState(0);
  // queued: added to the queue, each account's row says when it goes (its DueAt)
  const [result, setResult] = useState<{ result: TPostResult; sentLabel: string; queued: boolean } | null>(null);

  const limitReached = (e: ApiError) => {
    // a free-tier influencer over its limit (not an ended plan, a 402) has the free tier's own words
    const told =
      freeTier && e.status === 429
        ? createElement(FreeTierExceeded, { go })
        : createElement(LimitExceeded, { message: e.message, go });
    toast(told, 'red', TOAST_MS.error, 'post-limit');
    close();
  };

  async function upload(): Promise<TUploadedFile[]> {
    const pending = state.media.filter((m) => !m.uploaded && m.file);
    if (pending.length === 0) return state.media.map((m) => m.uploaded!);
    setPhase('uploading');
    setProgress(0);
    const files = pending.map((m) => m.file!);
    const done =
      files.length === 1
        ? [await uploadSingleFile(files[0], userId, setProgress)]
        : await uploadMultipleFiles(files, userId, setProgress);
    const byId = new Map(pending.map((m, i) => [m.id, done[i]]));
    // kept on the items, so a second try after a refusal does not upload them again
    setState((s) => ({
      ...s,
      media: s.media.map((m) => {
        const u = byId.get(m.id);
        return u ? { ...m, uploaded: u, facts: factsOfUpload(u) } : m;
      }),
    }));
    return state.media.map((m) => m.uploaded ?? byId.get(m.id)!);
  }

  async function submit(mode: TSubmitMode) {
    if (phase !== 'idle') return;
    const editing = Boolean(draft);
    const asDraft = mode === 'draft' || isManager || editing;
    setPhase('checking');
    try {
      if (state.scheduleOn && !state.queueOn && (mode === 'schedule' || asDraft)) {
        const issue = scheduleIssue({
          date: state.date,
          time: state.time,
          now: new Date(),
          offsetMinutes: state.date ? localOffsetAt(state.date, state.time) : 0,
          planEnd,
        });
        if (issue) {
          toast(issue, 'red', TOAST_MS.date);
          return;
        }
      }
      if (!asDraft) {
        try {
          await checkPostCount();
        } catch (e) {
          if (isLimit(e)) limitReached(e as ApiError);
          else toast(POST_MSG.limitCheckFailed, 'red', TOAST_MS.error);
          return;
        }
      }
      const uploads = await upload();
      // the server's reading of each file is the one that counts
      const networks = chosenNetworks(state, accounts);
      for (const u of uploads) {
        const issue = mediaIssue(factsOfUpload(u), { multi: state.multi, instagram: networks.includes('instagram') });
        if (issue) {
          toast(issue, 'red', TOAST_MS.error);
          return;
        }
      }
      setPhase('sending');
      const kind: TSubmitMode = asDraft ? 'draft' : state.queueOn ? 'queue' : state.scheduleOn ? 'schedule' : 'now';
      const body = buildRequest(state, accounts, { mode: kind, uploads, commonPostId: draft?.CommonPostID });
      const answer = draft
        ? await updateDraft({ ...body, CommonPostID: draft.CommonPostID })
        : await createPost(body, state.multi);
      // a post made: the moment to offer being told when posts go out (once answered, never again)
      if (!draft) offerPush();
      void queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY });
      void queryClient.invalidateQueries({ queryKey: ['posts'] });
      void queryClient.invalidateQueries({ queryKey: ['drafts'] });
      if (state.queueOn) void queryClient.invalidateQueries({ queryKey: QUEUE_KEY });
      const sentLabel = editing
        ? POST_MSG.draftUpdated
        : kind === 'draft'
          ? POST_MSG.draftSaved
          : kind === 'queue'
            ? QUEUE_MSG.added
            : kind === 'schedule'
              ? POST_MSG.scheduled
              : POST_MSG.sent;
      const r = answer.result;
      // a post for a campaign whose owner approves content comes back held (a draft on each account) while it was
      // meant to go: the server's words say so ("Sent to Acme for approval"), never that it was sent
      if (isHeldForApproval(r, kind)) {
        toast(answer.message || POST_MSG.draftSaved, 'orange', TOAST_MS.result);
        close();
        return;
      }
      if (r.success.length > 0 || r.failure.length === 0) toast(sentLabel, 'green', TOAST_MS.result);
      const failedNetworks = [...new Set(r.failure.map((f) => f.SocialMediaName))];
      for (const n of failedNetworks) toast(POST_MSG.failedOn(n), 'red', TOAST_MS.result);
      // a post added to the queue stays open on each account's time, which the server chose
      if (r.failure.length > 0 || r.pending.length > 0 || kind === 'queue')
        setResult({ result: r, sentLabel, queued: kind === 'queue' });
      else close();
    } catch (e) {
      if (isLimit(e)) limitReached(e as ApiError);
      else toast(e instanceof Error ? e.message : POST_MSG.limitCheckFailed, 'red', TOAST_MS.error);
    } finally {
      setPhase('idle');
    }
  }

  return { phase, progress, result, submit };
}
