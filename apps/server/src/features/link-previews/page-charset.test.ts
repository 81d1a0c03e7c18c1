import { describe, expect, it } from 'vitest';
import { decodePage } from './page-charset.js';

const ascii = (text: string) => [...Buffer.from(text, 'latin1')];
// "Café" in windows-1252 and "日本" in Shift_JIS, byte by byte, so no encoder of ours is trusted.
const CAFE_1252 = [0x43, 0x61, 0x66, 0xe9];
const NIHON_SJIS = [0x93, 0xfa, 0x96, 0x7b];
const page = (...parts: (string | number[])[]) =>
  Uint8Array.from(parts.flatMap((part) => (typeof part === 'string' ? ascii(part) : part)));

describe('decodePage', () => {
  it('reads the charset the Content-Type names', () => {
    expect(decodePage(page('<title>', CAFE_1252, '</title>'), 'windows-1252')).toBe('<title>Café</title>');
    expect(decodePage(page('<title>', NIHON_SJIS, '</title>'), 'Shift_JIS')).toBe('<title>日本</title>');
    expect(decodePage(page([0xd0, 0xd2, 0xc9, 0xd7, 0xc5, 0xd4]), 'koi8-r')).toBe('привет');
  });

  it('reads a <meta charset> in the first 1024 bytes', () => {
    const html = page('<head><meta charset="shift_jis"><title>', NIHON_SJIS, '</title>');
    expect(decodePage(html, undefined)).toBe('<head><meta charset="shift_jis"><title>日本</title>');
    expect(decodePage(page("<META CHARSET='iso-8859-1'>", CAFE_1252), undefined)).toMatch(/Café$/);
    expect(decodePage(page('<meta charset=windows-1252>', CAFE_1252), undefined)).toMatch(/Café$/);
  });

  it('reads the charset of a <meta http-equiv="Content-Type">', () => {
    const html = page(
      '<meta http-equiv="content-type" content="text/html; charset=windows-1252">',
      CAFE_1252,
    );
    expect(decodePage(html, undefined)).toMatch(/Café$/);
    const description = page('<meta name="description" content="charset=windows-1252">', [0xc3, 0xa9]);
    expect(decodePage(description, undefined)).toMatch(/é$/);
  });

  it('takes the header over the <meta>, and a byte order mark over both', () => {
    const html = page('<meta charset="utf-8">', CAFE_1252);
    expect(decodePage(html, 'windows-1252')).toMatch(/Café$/);
    expect(decodePage(page([0xef, 0xbb, 0xbf], 'Caf', [0xc3, 0xa9]), 'windows-1252')).toBe('Café');
  });

  it('looks no further than 1024 bytes, nor inside comments', () => {
    const late = page(`<!--${'x'.repeat(1024)}--><meta charset="windows-1252">`, CAFE_1252);
    expect(decodePage(late, undefined)).toMatch(/Caf\ufffd$/);
    const commented = page('<!-- <meta charset="windows-1252"> -->', CAFE_1252);
    expect(decodePage(commented, undefined)).toMatch(/Caf\ufffd$/);
  });

  it('falls back to UTF-8 for an unknown label, or none', () => {
    const utf8 = page('Caf', [0xc3, 0xa9]);
    expect(decodePage(utf8, 'no-such-charset')).toBe('Café');
    expect(decodePage(page('<meta charset="bogus">', [0xc3, 0xa9]), undefined)).toMatch(/é$/);
    expect(decodePage(utf8, undefined)).toBe('Café');
  });

  it('skips an unknown header label for the <meta> one', () => {
    expect(decodePage(page('<meta charset="windows-1252">', CAFE_1252), 'bogus')).toMatch(/Café$/);
  });

  it('reads a <meta> that says UTF-16 as UTF-8, as browsers do', () => {
    expect(decodePage(page('<meta charset="utf-16">Caf', [0xc3, 0xa9]), undefined)).toMatch(/Café$/);
  });
});
