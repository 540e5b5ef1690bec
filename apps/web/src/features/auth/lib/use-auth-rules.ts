import { useCallback, useState } from 'react';

/** The rules of the sign-in forms (lib/validation): the identifier with its phone library, and the passwords. */
export type TAuthRules = typeof import('./validation');

let loaded: TAuthRules | null = null;
let loading: Promise<TAuthRules> | null = null;

/** Loads the rules once; every call shares that load, and a failed load is tried again by the next call. */
export function loadAuthRules(): Promise<TAuthRules> {
  loading ??= import('./validation').then(
    (rules) => {
      loaded = rules;
      return rules;
    },
    (err: unknown) => {
      loading = null;
      throw err;
    },
  );
  return loading;
}

/**
 * The rules for a sign-in form, null until they have loaded. They are not part of the page's first load (the
 * phone library and the schemas weigh more than the form itself): the form calls `start` on the user's first
 * key, tap or change, and its submit waits for `load`. Once loaded, every later form has them at once.
 */
export function useAuthRules(): { rules: TAuthRules | null; load: () => Promise<TAuthRules>; start: () => void } {
  const [rules, setRules] = useState(loaded);
  const load = useCallback(
    () =>
      loadAuthRules().then((r) => {
        setRules(r);
        return r;
      }),
    [],
  );
  // A load that fails here is tried again by the submit, which says so on the form.
  const start = useCallback(() => void load().catch(() => undefined), [load]);
  return { rules, load, start };
}
