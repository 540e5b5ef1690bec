import { type DefaultTreeAdapterMap, parseFragment } from 'parse5';

type TNode = DefaultTreeAdapterMap['childNode'];
type TParent = DefaultTreeAdapterMap['parentNode'];

/** The elements an article may hold; anything else is dropped, its text kept (except where nothing may be kept). */
const ALLOWED = new Set([
  'p',
  'br',
  'hr',
  'h2',
  'h3',
  'h4',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'blockquote',
  'ul',
  'ol',
  'li',
  'a',
  'img',
  'code',
  'pre',
  'span',
  'div',
  'figure',
  'figcaption',
]);
/** Elements dropped with everything inside them. */
const DROPPED_WHOLE = new Set([
  'script',
  'style',
  'iframe',
  'object',
  'embed',
  'noscript',
  'template',
  'svg',
  'math',
  'head',
  'title',
  'textarea',
  'select',
  'button',
  'form',
  'input',
  'link',
  'meta',
  'base',
  'frame',
  'frameset',
  'applet',
  'xmp',
  'noembed',
  'noframes',
]);
const VOID = new Set(['br', 'hr', 'img']);
/** The attributes each element may keep (no event handlers, no style, no class). */
const ATTRS: Record<string, string[]> = { a: ['href', 'title'], img: ['src', 'alt', 'title'] };

const escapeText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttr = (s: string) => escapeText(s).replace(/"/g, '&quot;');

/** An address kept in an href or src: http(s) and mailto only (an image: http(s) only), never javascript: or data:. */
function safeUrl(value: string, forImage: boolean): string | null {
  // browsers ignore control characters and spaces inside a scheme: read it as they do
  const v = [...value].filter((c) => c.charCodeAt(0) > 0x20 && (c.charCodeAt(0) < 0x7f || c.charCodeAt(0) > 0x9f)).join('');
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(v)?.[1]?.toLowerCase();
  if (!scheme) return v.startsWith('//') ? null : value.trim();
  if (scheme === 'http' || scheme === 'https') return value.trim();
  if (!forImage && scheme === 'mailto') return value.trim();
  return null;
}

function serialize(parent: TParent, out: string[]): void {
  for (const node of parent.childNodes as TNode[]) {
    if (node.nodeName === '#text') {
      out.push(escapeText((node as DefaultTreeAdapterMap['textNode']).value));
      continue;
    }
    if (node.nodeName === '#comment' || node.nodeName === '#documentType') continue;
    const el = node as DefaultTreeAdapterMap['element'];
    const tag = el.tagName?.toLowerCase();
    if (!tag || DROPPED_WHOLE.has(tag) || el.namespaceURI !== 'http://www.w3.org/1999/xhtml') continue;
    if (!ALLOWED.has(tag)) {
      serialize(el, out);
      continue;
    }
    let attrs = '';
    for (const attr of el.attrs) {
      const name = attr.name.toLowerCase();
      if (!ATTRS[tag]?.includes(name)) continue;
      const value = name === 'href' || name === 'src' ? safeUrl(attr.value, name === 'src') : attr.value;
      if (value === null) continue;
      attrs += ` ${name}="${escapeAttr(value)}"`;
    }
    if (tag === 'img' && !/ src="/.test(attrs)) continue;
    if (tag === 'a') attrs += ' rel="noopener noreferrer nofollow" target="_blank"';
    out.push(`<${tag}${attrs}>`);
    if (VOID.has(tag)) continue;
    serialize(el, out);
    out.push(`</${tag}>`);
  }
}

/**
 * An article's HTML reduced to an allow-list: the tags above with only their listed attributes, links and
 * images to http(s) addresses (links also mailto), every link opening apart with no referrer; scripts, styles,
 * event handlers, frames and forms are gone. Parsed as a browser parses it (parse5), then written anew, so what
 * comes out is well-formed and nothing in it runs.
 */
export function sanitizeHtml(html: string): string {
  const out: string[] = [];
  serialize(parseFragment(html), out);
  return out.join('').trim();
}

/** The words of sanitized HTML, as plain text (for the read time and the page's description). */
export function plainText(html: string): string {
  const out: string[] = [];
  const walk = (parent: TParent) => {
    for (const node of parent.childNodes as TNode[]) {
      if (node.nodeName === '#text') out.push((node as DefaultTreeAdapterMap['textNode']).value);
      else if ('childNodes' in node) {
        walk(node as TParent);
        out.push(' ');
      }
    }
  };
  walk(parseFragment(html));
  return out.join('').replace(/\s+/g, ' ').trim();
}
