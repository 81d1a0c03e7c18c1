import { useEffect, useState } from 'react';
import { CodeBlock } from './code-block';
import './text-preview.css';

/** A text file shows its first lines in the message, read with one small range request. */
const PREVIEW_BYTES = 4096;
const PREVIEW_LINES = 12;

/** Extensions whose highlight.js name differs; any other extension is tried as it is. */
const LANGUAGES: Record<string, string | undefined> = {
  txt: undefined,
  log: undefined,
  csv: undefined,
  tsv: undefined,
  htm: 'xml',
  html: 'xml',
  svg: 'xml',
  vue: 'xml',
  yml: 'yaml',
  h: 'c',
  hpp: 'cpp',
  cc: 'cpp',
  mjs: 'javascript',
  cjs: 'javascript',
  jsx: 'javascript',
  tsx: 'typescript',
  kt: 'kotlin',
  md: 'markdown',
};

/** The language to colour a file by, from its name; none for plain text. */
export function languageOf(name: string): string | undefined {
  const dot = name.lastIndexOf('.');
  if (dot <= 0) return name.toLowerCase() === 'dockerfile' ? 'dockerfile' : undefined;
  const ext = name.slice(dot + 1).toLowerCase();
  return ext in LANGUAGES ? LANGUAGES[ext] : ext;
}

/** The first lines of the bytes read; a line cut by the read's end is left out. */
export function firstLines(bytes: Uint8Array, complete: boolean, lines = PREVIEW_LINES): string {
  const all = new TextDecoder().decode(bytes).split(/\r?\n/);
  if (!complete && all.length > 1) all.pop();
  return all.slice(0, lines).join('\n').trimEnd();
}

/** The start of a text or code file, coloured when its language is known; nothing if it cannot be read. */
export function TextPreview({ url, name, size }: { url: string; name: string; size: number }) {
  const [text, setText] = useState<string>();
  useEffect(() => {
    const controller = new AbortController();
    fetch(url, {
      headers: { range: `bytes=0-${PREVIEW_BYTES - 1}` },
      credentials: 'include',
      signal: controller.signal,
    })
      .then((res) => (res.ok ? res.arrayBuffer() : Promise.reject(new Error(String(res.status)))))
      .then((buffer) => setText(firstLines(new Uint8Array(buffer), size <= PREVIEW_BYTES)))
      .catch(() => undefined);
    return () => controller.abort();
  }, [url, size]);
  if (!text) return null;
  return (
    <figure className="text-preview" aria-label={`Start of ${name}`}>
      <CodeBlock code={text} lang={languageOf(name)} />
    </figure>
  );
}
