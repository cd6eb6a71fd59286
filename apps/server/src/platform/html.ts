/**
 * A small, strict allow-list HTML sanitiser for rich text the web renders as HTML (notification
 * `texto`). Only the tags below survive, with no attributes except a safe `href` on links (which also
 * get rel="noopener noreferrer" target="_blank"); every other tag is dropped (its text kept), the
 * content of script-like elements is dropped entirely, text is escaped and tags are balanced.
 */

const ALLOWED = new Set(['p', 'br', 'strong', 'b', 'em', 'i', 'u', 'ul', 'ol', 'li', 'a', 'h2', 'h3', 'blockquote']);
const VOID = new Set(['br']);
/** Elements whose whole content is removed with them. */
const DROP_CONTENT = new Set([
  'script',
  'style',
  'textarea',
  'title',
  'xmp',
  'iframe',
  'noembed',
  'noframes',
  'noscript',
  'template',
  'plaintext',
  'object',
  'embed',
  'svg',
  'math',
]);
const SAFE_SCHEMES = new Set(['http', 'https', 'mailto']);
const NAMED: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  colon: ':',
  tab: '\t',
  newline: '\n',
  nbsp: '\u00a0',
  sol: '/',
  num: '#',
  quest: '?',
};

const escapeText = (s: string) =>
  s
    .replace(/&(?!(?:#\d{1,7}|#x[0-9a-f]{1,6}|[a-z][a-z0-9]{1,31});)/gi, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');

const escapeAttr = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/'/g, '&#39;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Decodes character references as a browser would in an attribute value (enough to see the scheme). */
export function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|[a-z][a-z0-9]*);?/gi, (whole, ref: string) => {
    if (ref[0] === '#') {
      const n =
        ref[1] === 'x' || ref[1] === 'X' ? Number.parseInt(ref.slice(2), 16) : Number.parseInt(ref.slice(1), 10);
      return Number.isFinite(n) && n > 0 && n <= 0x10ffff ? String.fromCodePoint(n) : '\ufffd';
    }
    return NAMED[ref.toLowerCase()] ?? whole;
  });
}

/** The href to keep, or null: http(s), mailto or relative, after decoding and removing control characters. */
export function safeHref(raw: string): string | null {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: browsers ignore these in URLs; so must we.
  const value = decodeEntities(raw).replace(/[\u0000-\u0020\u007f-\u009f]/g, '');
  if (!value) return null;
  const scheme = /^([^/?#]*?):/.exec(value)?.[1];
  if (scheme !== undefined && !SAFE_SCHEMES.has(scheme.toLowerCase())) return null;
  return value;
}

type Tag = { name: string; closing: boolean; attrs: Record<string, string>; end: number };

/** Reads a tag starting at `start` (at '<'); null when this '<' does not open a tag. */
function readTag(html: string, start: number): Tag | null {
  const head = /^<(\/?)([a-zA-Z][a-zA-Z0-9:-]*)/.exec(html.slice(start, start + 64));
  if (!head) return null;
  const attrs: Record<string, string> = {};
  let i = start + head[0].length;
  while (i < html.length) {
    const c = html[i];
    if (c === '>') return { name: head[2].toLowerCase(), closing: head[1] === '/', attrs, end: i + 1 };
    if (/[\s/]/.test(c)) {
      i++;
      continue;
    }
    const name = /^[^\s/>=]+/.exec(html.slice(i))?.[0] ?? c;
    i += name.length;
    while (i < html.length && /\s/.test(html[i])) i++;
    let value = '';
    if (html[i] === '=') {
      i++;
      while (i < html.length && /\s/.test(html[i])) i++;
      const q = html[i];
      if (q === '"' || q === "'") {
        const close = html.indexOf(q, i + 1);
        if (close < 0) return { name: '', closing: false, attrs: {}, end: html.length };
        value = html.slice(i + 1, close);
        i = close + 1;
      } else {
        value = /^[^\s>]*/.exec(html.slice(i))?.[0] ?? '';
        i += value.length;
      }
    }
    const key = name.toLowerCase();
    if (!(key in attrs)) attrs[key] = value;
  }
  // An unterminated tag: a browser drops it and everything after.
  return { name: '', closing: false, attrs: {}, end: html.length };
}

/** Sanitises `html` against the allow-list; the result is safe to render as HTML. */
export function sanitizeHtml(html: string): string {
  const out: string[] = [];
  const open: string[] = [];
  let i = 0;
  while (i < html.length) {
    const lt = html.indexOf('<', i);
    if (lt < 0) {
      out.push(escapeText(html.slice(i)));
      break;
    }
    if (lt > i) out.push(escapeText(html.slice(i, lt)));
    if (html.startsWith('<!--', lt)) {
      const end = html.indexOf('-->', lt + 4);
      i = end < 0 ? html.length : end + 3;
      continue;
    }
    if (/^<[!?]/.test(html.slice(lt, lt + 2))) {
      // Doctype, CDATA, processing instruction: dropped.
      const end = html.indexOf('>', lt);
      i = end < 0 ? html.length : end + 1;
      continue;
    }
    const tag = readTag(html, lt);
    if (!tag) {
      out.push('&lt;');
      i = lt + 1;
      continue;
    }
    i = tag.end;
    if (!tag.name) continue;
    if (!tag.closing && DROP_CONTENT.has(tag.name)) {
      const close = new RegExp(`</${tag.name}[\\s/>]`, 'i').exec(html.slice(i));
      if (!close) break;
      const after = html.indexOf('>', i + close.index);
      i = after < 0 ? html.length : after + 1;
      continue;
    }
    if (!ALLOWED.has(tag.name)) continue;
    if (tag.closing) {
      const at = open.lastIndexOf(tag.name);
      if (at < 0) continue;
      while (open.length > at) out.push(`</${open.pop()}>`);
      continue;
    }
    if (VOID.has(tag.name)) {
      out.push(`<${tag.name}>`);
      continue;
    }
    if (tag.name === 'a') {
      if (open.includes('a')) continue;
      const href = tag.attrs.href === undefined ? null : safeHref(tag.attrs.href);
      out.push(href === null ? '<a>' : `<a href="${escapeAttr(href)}" rel="noopener noreferrer" target="_blank">`);
    } else out.push(`<${tag.name}>`);
    open.push(tag.name);
  }
  while (open.length) out.push(`</${open.pop()}>`);
  return out.join('');
}
