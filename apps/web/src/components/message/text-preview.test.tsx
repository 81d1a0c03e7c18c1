import { describe, expect, it } from 'vitest';
import { firstLines, languageOf } from './text-preview';

describe('languageOf', () => {
  it('colours code by its extension and leaves plain text plain', () => {
    expect(languageOf('deploy.ts')).toBe('ts');
    expect(languageOf('Page.TSX')).toBe('typescript');
    expect(languageOf('index.html')).toBe('xml');
    expect(languageOf('notes.txt')).toBeUndefined();
    expect(languageOf('README')).toBeUndefined();
    expect(languageOf('.env')).toBeUndefined();
    expect(languageOf('Dockerfile')).toBe('dockerfile');
  });
});

describe('firstLines', () => {
  const bytes = (text: string) => new TextEncoder().encode(text);
  it('keeps a whole short file', () => {
    expect(firstLines(bytes('a\r\nb\nc\n'), true)).toBe('a\nb\nc');
  });
  it('drops the line the read cut in two, even inside a character', () => {
    const cut = bytes('one\ntwo\nthrée').subarray(0, 12);
    expect(firstLines(cut, false)).toBe('one\ntwo');
  });
  it('shows at most the first lines', () => {
    const many = Array.from({ length: 30 }, (_, i) => `line ${i}`).join('\n');
    expect(firstLines(bytes(many), true, 3)).toBe('line 0\nline 1\nline 2');
  });
});
