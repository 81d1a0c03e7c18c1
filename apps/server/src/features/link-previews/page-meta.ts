import { parse, type DefaultTreeAdapterTypes } from 'parse5';

export type PageMeta = {
  title: string;
  description: string | null;
  siteName: string | null;
  imageUrl: string | null;
  iconUrl: string | null;
};

const MAX_HTML = 512 * 1024;
const MAX_URL = 2048;
const HTML_NAMESPACE = 'http://www.w3.org/1999/xhtml';
// C0 controls and DEL; U+FFFD is what the parser and toWellFormed leave for NUL and lone surrogates.
// eslint-disable-next-line no-control-regex -- matching control characters is the point.
const CONTROLS = /[\u0000-\u0008\u000e-\u001f\u007f\ufffd]/g;

/** What a page says of itself: Open Graph first, then Twitter cards, then <title> and the description meta. Undefined without a title. */
export function readPageMeta(html: string, pageUrl: string): PageMeta | undefined {
  const { meta, title, icons } = collect(parse(html.slice(0, MAX_HTML)));
  const first = (keys: string[], max: number, fallback?: string) =>
    [...keys.map((key) => meta.get(key)), fallback]
      .map((value) => (value === undefined ? '' : clean(value, max)))
      .find((value) => value !== '') ?? null;
  const pageTitle = first(['og:title', 'twitter:title'], 200, title);
  if (pageTitle === null) return undefined;
  return {
    title: pageTitle,
    description: first(['og:description', 'twitter:description', 'description'], 300),
    siteName: first(['og:site_name'], 100),
    imageUrl:
      ['og:image', 'og:image:url', 'og:image:secure_url', 'twitter:image', 'twitter:image:src']
        .map((key) => fetchableUrl(meta.get(key), pageUrl))
        .find((url) => url !== null) ?? null,
    iconUrl: iconUrl(icons, pageUrl),
  };
}

/** The first value of each meta property or name, the first HTML <title>'s text, and the icon <link>s. */
function collect(document: DefaultTreeAdapterTypes.Document) {
  const meta = new Map<string, string>();
  const icons: DefaultTreeAdapterTypes.Element[] = [];
  let title: string | undefined;
  const stack: DefaultTreeAdapterTypes.Node[] = [document];
  for (let node = stack.pop(); node; node = stack.pop()) {
    // Pushed one by one: a long run of siblings would overflow push(...spread).
    if ('childNodes' in node)
      for (let i = node.childNodes.length - 1; i >= 0; i -= 1) stack.push(node.childNodes[i]!);
    if (!('tagName' in node) || node.namespaceURI !== HTML_NAMESPACE) continue;
    if (node.tagName === 'title' && title === undefined) {
      title = node.childNodes.map((child) => ('value' in child ? child.value : '')).join('');
    } else if (node.tagName === 'meta') {
      const key = (attr(node, 'property') ?? attr(node, 'name'))?.trim().toLowerCase();
      const content = attr(node, 'content');
      if (key && content !== undefined && !meta.has(key)) meta.set(key, content);
    } else if (node.tagName === 'link' && iconKind(node) !== undefined) {
      icons.push(node);
    }
  }
  return { meta, title, icons };
}

/**
 * The site's icon: a plain `icon` (or `shortcut icon`) before an `apple-touch-icon`, in page order.
 * SVG is skipped, as the picture proxy refuses it. No link, no icon: /favicon.ico is not guessed.
 */
function iconUrl(links: DefaultTreeAdapterTypes.Element[], pageUrl: string): string | null {
  const usable = links
    .filter((link) => !/svg/i.test(attr(link, 'type') ?? ''))
    .map((link) => ({ kind: iconKind(link), url: fetchableUrl(attr(link, 'href'), pageUrl) }))
    .filter((icon) => icon.url !== null && !/\.svg$/i.test(new URL(icon.url).pathname));
  return (usable.find((icon) => icon.kind === 'icon') ?? usable[0])?.url ?? null;
}

function iconKind(link: DefaultTreeAdapterTypes.Element): 'icon' | 'touch' | undefined {
  const rel = (attr(link, 'rel') ?? '').toLowerCase().split(/\s+/);
  if (rel.includes('icon')) return 'icon';
  if (rel.includes('apple-touch-icon') || rel.includes('apple-touch-icon-precomposed')) return 'touch';
  return undefined;
}

function attr(element: DefaultTreeAdapterTypes.Element, name: string): string | undefined {
  return element.attrs.find((a) => a.name === name)?.value;
}

function clean(value: string, max: number): string {
  const text = value.toWellFormed().replace(CONTROLS, '').replace(/\s+/g, ' ').trim();
  const chars = Array.from(text);
  if (chars.length <= max) return text;
  return `${chars
    .slice(0, max - 1)
    .join('')
    .trimEnd()}…`;
}

function fetchableUrl(value: string | undefined, pageUrl: string): string | null {
  if (value === undefined) return null;
  try {
    const url = new URL(value.trim(), pageUrl);
    const fetchable =
      (url.protocol === 'http:' || url.protocol === 'https:') && url.username === '' && url.password === '';
    return fetchable && url.href.length <= MAX_URL ? url.href : null;
  } catch {
    return null;
  }
}
