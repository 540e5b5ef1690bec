// The boot file of a page rendered ahead of time (vite.config.ts, prerenderPublicPages). A classic deferred script,
// allowed by the page's `script-src 'self'`, written to assets/boot-<hash>.js as it is here: it must stay plain
// JavaScript (ES2017) that every current browser runs without a build.
//
// The page paints from its HTML and styles alone. The app (the entry module and the modulepreload links the build
// wrote, given here as data-entry and data-preload) is asked for:
// - data-when="intent": once the visitor shows an intent (a pointer that moves or goes down, a key, a touch, a
//   wheel, a field's input; not a focus, which the page's own autofocus makes too), or at once for a visitor with a
//   session on this device. Pages whose whole content is in their HTML (landing, sign-in, sign-up, terms, privacy,
//   help) run no script until then, on a slow phone too;
// - data-when="paint": after the first frame (a timer where no frame is drawn, a hidden tab), for pages that need
//   the app to show what the API answers.
//
// Until the app has taken the page over, what the visitor did is kept for it: the last click on anything that has
// no native action (a link works as a link, a field and its label as fields) and a form's submission, which is
// stopped here so that a form never posts to the page's own address; the app does them again once it is live
// (src/boot/replay.ts). Typed text and ticked boxes stay in the fields, and the app is told of them then.
(() => {
  const me = document.currentScript;
  const entry = me.getAttribute('data-entry');
  const preloads = (me.getAttribute('data-preload') || '').split(' ').filter(Boolean);
  const when = me.getAttribute('data-when');
  const boot = { started: false, live: false, pending: null };
  window.viralityBoot = boot;
  const INTENT = ['pointermove', 'pointerdown', 'touchstart', 'keydown', 'wheel', 'input', 'change'];

  function start() {
    if (boot.started) return;
    boot.started = true;
    INTENT.forEach((type) => {
      document.removeEventListener(type, intent, true);
    });
    preloads.forEach((href) => {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.appendChild(link);
    });
    const script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = entry;
    document.head.appendChild(script);
  }

  function intent(event) {
    // the browser moves a resting pointer itself when the page moves under it (no movement): not the visitor
    if (event.type === 'pointermove' && !event.movementX && !event.movementY) return;
    start();
  }

  document.addEventListener(
    'click',
    (event) => {
      if (boot.live) return;
      const target = event.target;
      // a link works as a link; a field, its label and a summary have done what they do natively (a box ticked is
      // read as typed text is, and told to the app then): none is clicked again
      if (!target?.closest || target.closest('a[href], label, input, textarea, select, summary')) return;
      boot.pending = { type: 'click', target: target };
      start();
    },
    true,
  );
  document.addEventListener(
    'submit',
    (event) => {
      if (boot.live) return;
      event.preventDefault();
      boot.pending = { type: 'submit', form: event.target, submitter: event.submitter || null };
      start();
    },
    true,
  );
  INTENT.forEach((type) => {
    document.addEventListener(type, intent, { capture: true, passive: true });
  });

  let signedIn = false;
  try {
    signedIn = !!window.localStorage.getItem('virality-auth-token');
  } catch (_) {
    // storage refused (a private mode): a visitor without a session
  }
  if (signedIn) start();
  else if (when === 'paint') {
    requestAnimationFrame(() => {
      setTimeout(start, 0);
    });
    setTimeout(start, 1000);
  }
})();
