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

/** What a browser drops around an address, and more: whitespace of any kind, controls, invisible format characters. */
const EDGE = /^[\s\p{Z}\p{Cc}\p{Cf}]+|[\s\p{Z}\p{Cc}\p{Cf}]+$/gu;
/** Characters that could hide a scheme from the eye or from a reader: controls, invisible formats, line separators. */
const HIDING = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u;
/** The schemes a link may have; an image, http(s) only. Anything else (javascript:, data:, vbscript:…) is dropped. */
const LINK_SCHEMES = ['http', 'https', 'mailto'];
const IMAGE_SCHEMES = ['http', 'https'];

/**
 * An address kept in an href or src, as it is served, or null to drop it. The value (entities already decoded by
 * the parser) is trimmed of every kind of space, control and invisible character and has the tabs and line breaks
 * a browser skips taken out; the scheme is then decided on that very string, as a browser's URL parser reads it:
 * letters, digits, '+', '-' or '.' before the first ':' that comes before any '/', '?' or '#'. Only an allowed
 * scheme is kept; anything else before that ':' (a space, an invisible or a full-width letter) drops the address.
 * An address without a scheme is kept when it stays on this site (not '//host', nor '\\host').
 */
function safeUrl(value: string, forImage: boolean): string | null {
  const served = value.replace(EDGE, '').replace(/[\t\n\r]/g, '');
  if (served === '' || HIDING.test(served)) return null;
  const beforeColon = /^([^/?#:]*):/.exec(served)?.[1];
  if (beforeColon === undefined) return /^[/\\]{2}/.test(served) ? null : served;
  if (!/^[A-Za-z][A-Za-z0-9+.-]*$/.test(beforeColon)) return null;
  return (forImage ? IMAGE_SCHEMES : LINK_SCHEMES).includes(beforeColon.toLowerCase()) ? served : null;
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
 * images to http(s) addresses or this site's (links also mailto; see `safeUrl`), every link opening apart with no
 * referrer; scripts, styles, event handlers, frames and forms are gone. Parsed as a browser parses it (parse5),
 * then written anew, so what comes out is well-formed and nothing in it runs.
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
