import { readFileSync } from 'node:fs';
import path from 'node:path';
import { act, useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../lib/auth-storage';
import { replayPending, syncTypedFields, takeOverFromBoot, whenHydrated } from './replay';

const BOOT = readFileSync(path.join(import.meta.dirname, 'boot.js'), 'utf8');

/** Runs the boot file as the page's deferred script would, with its data attributes. */
function runBoot(when: 'intent' | 'paint') {
  const script = document.createElement('script');
  script.setAttribute('data-when', when);
  script.setAttribute('data-entry', '/assets/index-abc.js');
  script.setAttribute('data-preload', '/assets/react-abc.js /assets/libs-abc.js');
  Object.defineProperty(document, 'currentScript', { value: script, configurable: true });
  new Function(BOOT)();
}

const moduleScripts = () => [...document.head.querySelectorAll('script[type="module"]')].map((s) => s.getAttribute('src'));
const preloads = () => [...document.head.querySelectorAll('link[rel="modulepreload"]')].map((l) => l.getAttribute('href'));

// Each test's listeners stay on the document: a fresh document body and head, and a boot state of its own.
let controller: AbortController;
beforeEach(() => {
  controller = new AbortController();
  const add = document.addEventListener.bind(document);
  vi.spyOn(document, 'addEventListener').mockImplementation((type, listener, options) =>
    add(type, listener, { ...(typeof options === 'object' ? options : { capture: options }), signal: controller.signal }),
  );
});
afterEach(() => {
  controller.abort();
  vi.restoreAllMocks();
  document.head.innerHTML = '';
  document.body.innerHTML = '';
  localStorage.clear();
  delete window.viralityBoot;
});

describe('a page rendered ahead asks for the app only when the visitor shows an intent', () => {
  it('runs no script of the app until a pointer moves, then asks for the entry and its preloads once', () => {
    const move = (by: number) => {
      const event = new Event('pointermove');
      Object.defineProperties(event, { movementX: { value: by }, movementY: { value: 0 } });
      return event;
    };
    runBoot('intent');
    expect(moduleScripts()).toEqual([]);
    // the browser's own move of a resting pointer, as the page shifts under it
    document.dispatchEvent(move(0));
    expect(moduleScripts()).toEqual([]);
    document.dispatchEvent(move(4));
    document.dispatchEvent(new Event('keydown'));
    expect(moduleScripts()).toEqual(['/assets/index-abc.js']);
    expect(preloads()).toEqual(['/assets/react-abc.js', '/assets/libs-abc.js']);
  });

  it("is not started by a focus alone, which the page's own autofocus makes", () => {
    document.body.innerHTML = '<input id="email">';
    runBoot('intent');
    document.getElementById('email')?.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    expect(moduleScripts()).toEqual([]);
    document.getElementById('email')?.dispatchEvent(new Event('input', { bubbles: true }));
    expect(moduleScripts()).toEqual(['/assets/index-abc.js']);
  });

  it('starts at once for a visitor with a session on this device', () => {
    localStorage.setItem(STORAGE_KEYS.token, 'a-token');
    runBoot('intent');
    expect(moduleScripts()).toEqual(['/assets/index-abc.js']);
  });

  it('starts after the first frame on a page that needs what the API answers', () => {
    vi.useFakeTimers();
    try {
      runBoot('paint');
      expect(moduleScripts()).toEqual([]);
      vi.advanceTimersByTime(1000);
      expect(moduleScripts()).toEqual(['/assets/index-abc.js']);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('what the visitor did before the app was live is done again once it is', () => {
  it('stops a form from posting to the page and submits it to the app after the take-over', () => {
    document.body.innerHTML = '<form><input name="q"><button type="submit" id="go">Go</button></form>';
    runBoot('intent');
    const form = document.querySelector('form') as HTMLFormElement;
    const before = new SubmitEvent('submit', { bubbles: true, cancelable: true, submitter: document.getElementById('go') });
    form.dispatchEvent(before);
    expect(before.defaultPrevented).toBe(true);
    expect(moduleScripts()).toEqual(['/assets/index-abc.js']);

    const submitted = vi.fn((e: SubmitEvent) => e.preventDefault());
    form.addEventListener('submit', submitted);
    const { pending } = takeOverFromBoot(document.body);
    expect(window.viralityBoot?.live).toBe(true);
    replayPending(pending);
    expect(submitted).toHaveBeenCalledTimes(1);
    expect(submitted.mock.calls[0]?.[0].submitter?.id).toBe('go');
    // live: the boot file keeps nothing more and stops nothing
    const after = new SubmitEvent('submit', { bubbles: true, cancelable: true });
    form.dispatchEvent(after);
    expect(window.viralityBoot?.pending).toBeNull();
  });

  it('keeps the last click on a button, never one on a link', () => {
    document.body.innerHTML = '<button id="menu">Menu</button><a href="/pricing" id="link"><span>Pricing</span></a>';
    runBoot('intent');
    document.getElementById('menu')?.click();
    const { pending } = takeOverFromBoot(document.body);
    expect(pending).toMatchObject({ type: 'click', target: document.getElementById('menu') });
    const clicked = vi.fn();
    document.getElementById('menu')?.addEventListener('click', clicked);
    replayPending(pending);
    expect(clicked).toHaveBeenCalledTimes(1);

    window.viralityBoot = { started: true, live: false, pending: null };
    document.querySelector('#link span')?.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    expect(window.viralityBoot.pending).toBeNull();
  });

  it('keeps no click on a field or its label: the box is ticked natively, and told to the app as typed text is', () => {
    document.body.innerHTML = '<label id="l"><input type="checkbox" id="box"> I agree</label>';
    runBoot('intent');
    document.getElementById('l')?.click();
    expect((document.getElementById('box') as HTMLInputElement).checked).toBe(true);
    expect(window.viralityBoot?.pending).toBeNull();
    expect(takeOverFromBoot(document.body).typed).toEqual([{ field: document.getElementById('box'), checked: true }]);
  });

  it('does nothing for a kept click on what the app no longer shows', () => {
    document.body.innerHTML = '<button id="gone">Gone</button>';
    const gone = document.getElementById('gone') as HTMLButtonElement;
    const clicked = vi.fn();
    gone.addEventListener('click', clicked);
    gone.remove();
    replayPending({ type: 'click', target: gone });
    expect(clicked).not.toHaveBeenCalled();
  });

  it("gives the app's state the text typed and the box ticked before the app took the page over, though a render has put its state back", async () => {
    let seen = { email: '', password: '', agreed: false };
    let rerender = () => {};
    function Form() {
      const [email, setEmail] = useState('');
      const [password, setPassword] = useState('');
      const [agreed, setAgreed] = useState(false);
      const [, setTick] = useState(0);
      rerender = () => setTick((t) => t + 1);
      seen = { email, password, agreed };
      return (
        <form>
          <input aria-label="Email" value={email} onChange={(e) => setEmail(e.currentTarget.value)} />
          <input aria-label="Password" type="password" value={password} onChange={(e) => setPassword(e.currentTarget.value)} />
          <input aria-label="Agree" type="checkbox" checked={agreed} onChange={(e) => setAgreed(e.currentTarget.checked)} />
        </form>
      );
    }
    const root = document.createElement('div');
    document.body.append(root);
    root.innerHTML = renderToString(<Form />);
    const email = root.querySelector('input[aria-label="Email"]') as HTMLInputElement;
    const password = root.querySelector('input[aria-label="Password"]') as HTMLInputElement;
    const agree = root.querySelector('input[aria-label="Agree"]') as HTMLInputElement;
    email.value = 'ana@example.com';
    password.value = 'secret-1';
    agree.checked = true;

    const before = takeOverFromBoot(root);
    expect(before.typed).toHaveLength(3);
    await act(async () => {
      hydrateRoot(root, <Form />);
    });
    // hydration keeps what is in the fields but not in the state, and the app's next render draws its state
    expect(seen).toEqual({ email: '', password: '', agreed: false });
    await act(async () => rerender());
    expect(email.value).toBe('');

    await whenHydrated(before, 1000);
    await act(async () => syncTypedFields(before.typed));
    expect(seen).toEqual({ email: 'ana@example.com', password: 'secret-1', agreed: true });
    expect([email.value, password.value, agree.checked]).toEqual(['ana@example.com', 'secret-1', true]);
  });
});
