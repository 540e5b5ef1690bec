/**
 * What a visitor did on a page rendered ahead of time before the app took it over (src/boot/boot.js keeps it), done
 * again once the app is live: text typed into the page's fields reaches the app's state, then the kept click or form
 * submission happens as if it were made now.
 */

export type TPendingAction =
  | { type: 'click'; target: Element }
  | { type: 'submit'; form: HTMLFormElement; submitter: HTMLElement | null };

export type TBootState = { started: boolean; live: boolean; pending: TPendingAction | null };

declare global {
  interface Window {
    viralityBoot?: TBootState;
  }
}

/** A field the visitor changed before the app took the page over, and what the visitor left in it. */
export type TTypedField =
  | { field: HTMLInputElement | HTMLTextAreaElement; value: string }
  | { field: HTMLInputElement; checked: boolean };

/** What the app is handed as it takes the page over. */
export type TBeforeLive = { pending: TPendingAction | null; typed: TTypedField[] };

const NOT_TEXT = new Set(['checkbox', 'radio', 'file', 'hidden', 'submit', 'reset', 'button', 'image']);

/**
 * Marks the app live (from now on its own handlers answer every event; the boot file keeps nothing more) and hands
 * over what the boot file kept, with what the visitor typed or ticked in the page's fields (read now: once the app
 * holds the fields, its renders draw them from its own state). Call it in the same task that hands the page to React.
 */
export function takeOverFromBoot(root: ParentNode, win: Window = window): TBeforeLive {
  const boot = win.viralityBoot;
  const pending = boot?.pending ?? null;
  if (boot) {
    boot.live = true;
    boot.pending = null;
  }
  const typed: TTypedField[] = [];
  for (const field of root.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea')) {
    if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')) {
      if (field.checked !== field.defaultChecked) typed.push({ field, checked: field.checked });
    } else if (!(field instanceof HTMLInputElement && NOT_TEXT.has(field.type)) && field.value !== field.defaultValue) {
      typed.push({ field, value: field.value });
    }
  }
  return { pending, typed };
}

/**
 * Tells the app what the visitor typed or ticked before it took the page over, as a keystroke or a click would:
 * hydration keeps a field's value but not in the app's state, and the app's next render puts its state back. A
 * text field's value is set through the app's own value tracking to what the app rendered, then natively to what
 * the visitor left (or has typed since), and an input event follows; a box is set the other way, then clicked.
 */
export function syncTypedFields(typed: TTypedField[]): void {
  for (const entry of typed) {
    const { field } = entry;
    if (!field.isConnected) continue;
    if ('checked' in entry) {
      if (!(field instanceof HTMLInputElement)) continue;
      field.checked = !entry.checked;
      field.click();
      continue;
    }
    // what was typed since the app took over (its state not drawn over it yet), else what was read then
    const value = field.value !== field.defaultValue ? field.value : entry.value;
    if (value === field.defaultValue) continue;
    const native = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set;
    if (!native) continue;
    field.value = field.defaultValue;
    native.call(field, value);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  }
}

/** Has React taken this element over (hydrated it)? It marks each element it holds with its own keys. */
export function isHydrated(el: Element): boolean {
  return Object.keys(el).some((key) => key.startsWith('__reactFiber$'));
}

/**
 * The app commits the page before the parts inside a Suspense boundary, which it hydrates next, at a low priority:
 * resolves once the changed fields and what the kept action was done to are React's (or after `timeoutMs`, when
 * what is still not hydrated is left as it is).
 */
export async function whenHydrated({ pending, typed }: TBeforeLive, timeoutMs = 10_000): Promise<void> {
  const watched: Element[] = [
    ...typed.map((t) => t.field),
    ...(pending?.type === 'click' ? [pending.target] : pending ? [pending.form] : []),
  ];
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && watched.some((el) => el.isConnected && !isHydrated(el))) {
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** Does again what the visitor did before the app was live, if what it was done to is still on the page. */
export function replayPending(pending: TPendingAction | null, doc: Document = document): void {
  if (!pending) return;
  if (pending.type === 'submit') {
    const { form, submitter } = pending;
    if (!form.isConnected || !doc.contains(form)) return;
    if (submitter?.isConnected && form.contains(submitter)) form.requestSubmit(submitter);
    else form.requestSubmit();
    return;
  }
  const { target } = pending;
  if (target.isConnected && target instanceof HTMLElement) target.click();
}
