const MAX_LINK_LENGTH = 2048;
const FENCE_OPEN = /^ {0,3}(`{3,}|~{3,})(.*)$/;
const PARAGRAPH_BREAK = /(\n[ \t]*\n)/;
// A scheme not glued to a word before it, so "xhttp://" is no link.
const SCHEME = /(?<![\p{L}\p{N}_])https?:\/\//giu;
// Characters that end a sentence, or Markdown emphasis, rather than a link.
const TRAILING = new Set(['.', ',', ';', ':', '!', '?', "'", '"', '*', '_', '~']);

/** The first `max` distinct http(s) links in a message's Markdown text, in order; none inside code. */
export function findLinks(text: string, max: number): string[] {
  const links: string[] = [];
  if (max <= 0) return links;
  const prose = withoutCodeSpans(withoutFences(text));
  let readUntil = 0;
  for (const match of prose.matchAll(SCHEME)) {
    // A link inside another's query string ("?next=https://…") belongs to that link.
    if (match.index < readUntil) continue;
    const run = cutAtClosingBracket(readRun(prose, match.index));
    readUntil = match.index + run.length;
    const href = toLink(trimTrailing(run));
    if (href === undefined || links.includes(href)) continue;
    links.push(href);
    if (links.length >= max) break;
  }
  return links;
}

function withoutFences(text: string): string {
  const lines = text.split('\n');
  let fence: { char: string; length: number } | undefined;
  return lines
    .map((line) => {
      const open = FENCE_OPEN.exec(line);
      if (fence) {
        const closes =
          open?.[1]?.[0] === fence.char && open[1].length >= fence.length && open[2]?.trim() === '';
        if (closes) fence = undefined;
        return '';
      }
      // A backtick fence's info string holds no backtick: "```x```" is an inline code span.
      if (open?.[1] && !(open[1][0] === '`' && open[2]?.includes('`'))) {
        fence = { char: open[1][0]!, length: open[1].length };
        return '';
      }
      return line;
    })
    .join('\n');
}

// Code spans stay inside their paragraph, so one stray backtick cannot hide the rest of a message.
function withoutCodeSpans(text: string): string {
  return text
    .split(PARAGRAPH_BREAK)
    .map((part, i) => (i % 2 === 1 ? part : blankCodeSpans(part)))
    .join('');
}

function blankCodeSpans(text: string): string {
  let out = '';
  let i = 0;
  while (i < text.length) {
    const char = text[i]!;
    if (char === '\\' && text[i + 1] === '`') {
      out += ' ';
      i += 2;
      continue;
    }
    if (char !== '`') {
      out += char;
      i += 1;
      continue;
    }
    const opener = backtickRun(text, i);
    const closer = findRun(text, i + opener, opener);
    if (closer === -1) {
      out += ' '.repeat(opener);
      i += opener;
    } else {
      out += ' ';
      i = closer + opener;
    }
  }
  return out;
}

function backtickRun(text: string, from: number): number {
  let end = from;
  while (text[end] === '`') end += 1;
  return end - from;
}

function findRun(text: string, from: number, length: number): number {
  for (let i = text.indexOf('`', from); i !== -1;) {
    const run = backtickRun(text, i);
    if (run === length) return i;
    i = text.indexOf('`', i + run);
  }
  return -1;
}

function readRun(text: string, from: number): string {
  let end = from;
  while (end < text.length && !/[\s<>]/.test(text[end]!)) end += 1;
  return text.slice(from, end);
}

// "[https://a.b](https://a.b)": a "]" with no "[" before it ends the link text's URL.
function cutAtClosingBracket(run: string): string {
  let depth = 0;
  for (let i = 0; i < run.length; i += 1) {
    if (run[i] === '[') depth += 1;
    else if (run[i] === ']' && --depth < 0) return run.slice(0, i);
  }
  return run;
}

function trimTrailing(run: string): string {
  let link = run;
  for (;;) {
    const last = link.at(-1);
    if (last !== undefined && TRAILING.has(last)) link = link.slice(0, -1);
    else if (last === ')' && count(link, '(') < count(link, ')')) link = link.slice(0, -1);
    else return link;
  }
}

function count(text: string, char: string): number {
  return text.split(char).length - 1;
}

function toLink(raw: string): string | undefined {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  if (url.username !== '' || url.password !== '') return undefined;
  return url.href.length <= MAX_LINK_LENGTH ? url.href : undefined;
}
