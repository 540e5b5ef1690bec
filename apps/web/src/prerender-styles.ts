// Node only: used by the build (vite.config.ts) and by the server through the rendering module (src/prerender.tsx).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** The class names each built stylesheet defines, by its address on the site. */
export type TStylesheetClasses = Map<string, Set<string>>;

/** Reads the class names of every stylesheet of a build (`outDir/assets/*.css`), each under its address (`base` first). */
export function readStylesheetClasses(outDir: string, base: string): TStylesheetClasses {
  const assets = path.join(outDir, 'assets');
  const table: TStylesheetClasses = new Map();
  for (const f of readdirSync(assets).filter((n) => n.endsWith('.css'))) {
    const css = readFileSync(path.join(assets, f), 'utf8').replace(/url\([^)]*\)/g, '');
    table.set(`${base}assets/${f}`, new Set([...css.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)].map((m) => m[1])));
  }
  return table;
}

const LINK = /<link rel="stylesheet" crossorigin href="([^"]+)">/g;

/**
 * A page rendered ahead holds parts whose code (and so whose styles) the app loads apart: the landing's sections,
 * the footer, the menu, the cards of what the API answered. The page links, after its own stylesheets, each further
 * built stylesheet that defines a class its HTML uses and its links do not, so those parts paint styled before any
 * script has run.
 */
export function linkStylesOfRenderedParts(page: string, html: string, table: TStylesheetClasses): string {
  const linked = new Set([...page.matchAll(LINK)].map((m) => m[1]));
  const defined = new Set([...linked].flatMap((href) => [...(table.get(href) ?? [])]));
  const used = new Set([...html.matchAll(/\sclass="([^"]*)"/g)].flatMap((m) => m[1].split(/\s+/)).filter(Boolean));
  let missing = [...used].filter((c) => !defined.has(c) && [...table.values()].some((set) => set.has(c)));
  const added: string[] = [];
  while (missing.length > 0) {
    // the stylesheet that defines the most of what is missing
    let best = '';
    let count = 0;
    for (const [href, set] of table) {
      if (linked.has(href) || added.includes(href)) continue;
      const n = missing.filter((c) => set.has(c)).length;
      if (n > count) [best, count] = [href, n];
    }
    if (!best) break;
    added.push(best);
    const set = table.get(best) as Set<string>;
    missing = missing.filter((c) => !set.has(c));
  }
  if (added.length === 0) return page;
  const last = [...page.matchAll(LINK)].at(-1);
  if (!last || last.index === undefined) throw new Error('the page has no stylesheet to put the styles of its parts after');
  const at = last.index + last[0].length;
  const links = added.map((href) => `\n    <link rel="stylesheet" crossorigin href="${href}">`).join('');
  return page.slice(0, at) + links + page.slice(at);
}

/** Where a page's rendered root and what it was rendered from go in its HTML (the page's `<div id="root"></div>`). */
export const ROOT_MARKER = '<div id="root"></div>';

/**
 * The page's HTML with its rendered root and, beside it, what the app takes it over with: the route loaders'
 * answers, the API answers it was rendered from (`queries`), and `data-whole` when every part of it is in the HTML.
 */
export function fillRoot(
  template: string,
  rendered: { html: string; loaderData: Record<string, unknown>; queries?: TPageQuery[] },
  whole: boolean,
): string {
  if (!template.includes(ROOT_MARKER)) throw new Error(`the page's HTML has no empty ${ROOT_MARKER}`);
  const data = JSON.stringify({
    loaderData: rendered.loaderData,
    ...(rendered.queries ? { queries: rendered.queries } : {}),
  })
    // inside a script element: nothing in the data may close it or open a comment
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
  return template.replace(
    ROOT_MARKER,
    () =>
      `<div id="root">${rendered.html}</div>\n    <script type="application/json" id="prerendered"${whole ? ' data-whole' : ''}>${data}</script>`,
  );
}

/** An API answer a page was rendered with: the app's query key and its data. */
export type TPageQuery = { queryKey: readonly unknown[]; data: unknown };
