import type { TPost } from '@virality/domain';
import { useSyncExternalStore } from 'react';

/** Whether the composer is open, and the draft it edits (null: a new post). */
type TComposerOpen = { opened: boolean; draft: TPost | null; key: number };

let current: TComposerOpen = { opened: false, draft: null, key: 0 };
const listeners = new Set<() => void>();
const emit = () => {
  for (const l of listeners) l();
};

/** Opens the create-post dialog, empty or with a draft to edit (a CreatePostHost must be on the page). */
export function openCreatePost(draft: TPost | null = null): void {
  current = { opened: true, draft, key: current.key + 1 };
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
