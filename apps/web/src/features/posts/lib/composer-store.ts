import type { TPost } from '@virality/domain';
import { useSyncExternalStore } from 'react';

/** A campaign a new post is made for, chosen in the composer when it opens. */
export type TComposerCampaign = { id: string; name: string };

/** Whether the composer is open, the draft it edits (null: a new post) and the campaign chosen for a new one. */
type TComposerOpen = { opened: boolean; draft: TPost | null; campaign: TComposerCampaign | null; key: number };

let current: TComposerOpen = { opened: false, draft: null, campaign: null, key: 0 };
const listeners = new Set<() => void>();
const emit = () => {
  for (const l of listeners) l();
};

/**
 * Opens the create-post dialog, empty or with a draft to edit, or for a campaign (chosen in its Campaign field; a
 * CreatePostHost must be on the page).
 */
export function openCreatePost(
  draft: TPost | null = null,
  { campaign = null }: { campaign?: TComposerCampaign | null } = {},
): void {
  current = { opened: true, draft, campaign: draft ? null : campaign, key: current.key + 1 };
  emit();
}

export function closeCreatePost(): void {
  if (!current.opened) return;
  current = { ...current, opened: false };
  emit();
}

export function useComposerOpen(): TComposerOpen {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => current,
  );
}

// One host draws the dialog, however many buttons that carry one are on the page.
let owner: symbol | null = null;
export function claimHost(me: symbol): boolean {
  if (owner === null) owner = me;
  return owner === me;
}
export function releaseHost(me: symbol): void {
  if (owner === me) owner = null;
}
