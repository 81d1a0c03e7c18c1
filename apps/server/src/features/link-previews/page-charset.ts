// Browsers look for a <meta> charset in the first 1024 bytes only; so do we.
const PRESCAN_BYTES = 1024;
const BOMS: [number[], string][] = [
  [[0xef, 0xbb, 0xbf], 'utf-8'],
  [[0xfe, 0xff], 'utf-16be'],
  [[0xff, 0xfe], 'utf-16le'],
];

/** A page's text, read as a browser reads it: by its BOM, its Content-Type charset, its <meta> charset, else UTF-8. */
export function decodePage(body: Uint8Array, headerCharset: string | undefined): string {
  const bom = BOMS.find(([bytes]) => bytes.every((byte, i) => body[i] === byte))?.[1];
  for (const label of [bom, headerCharset, metaCharset(body)]) {
    if (label === undefined) continue;
    try {
      return new TextDecoder(label).decode(body);
    } catch {
      // An unknown label (RangeError): the next clue decides, or UTF-8.
    }
  }
  return new TextDecoder().decode(body);
}

function metaCharset(body: Uint8Array): string | undefined {
  // Latin-1 keeps one character per byte, so ASCII markup reads the same in any ASCII-based charset.
  const head = Buffer.from(body.subarray(0, PRESCAN_BYTES))
    .toString('latin1')
    .replace(/<!--[\s\S]*?(-->|$)/g, '');
  for (const [tag] of head.matchAll(/<meta[\s/][^>]*>?/gi)) {
    const attrs = new Map(
      Array.from(tag.matchAll(/([^\s/>"'=]+)\s*=\s*(?:"([^"]*)"?|'([^']*)'?|([^\s>]+))/g), (m) => [
        m[1]!.toLowerCase(),
        m[2] ?? m[3] ?? m[4] ?? '',
      ]),
    );
    const label =
      attrs.get('charset') ??
      (attrs.get('http-equiv')?.trim().toLowerCase() === 'content-type'
        ? /charset\s*=\s*["']?([^"';\s]+)/i.exec(attrs.get('content') ?? '')?.[1]
        : undefined);
    // Markup found by reading bytes as ASCII cannot be UTF-16, so browsers take such a label as UTF-8.
    if (label?.trim()) return /^utf-16/i.test(label.trim()) ? 'utf-8' : label.trim();
  }
  return undefined;
}
