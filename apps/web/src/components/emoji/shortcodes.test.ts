import { describe, expect, it } from 'vitest';
import { buildIndex, searchShortcodes } from './shortcode-index';
import {
  closedShortcodeAt,
  mayHoldShortcode,
  openShortcodeAt,
  replaceShortcodes,
  spliceAt,
} from './shortcode-typing';
import { emojiFiles } from './test-emoji-index';

describe('the shortcode index', () => {
  const index = buildIndex(...emojiFiles());

  it('knows the shortcodes Slack users type', () => {
    const known: [string, string][] = [
      ['thumbsup', '👍'],
      ['+1', '👍'],
      ['-1', '👎'],
      ['tada', '🎉'],
      ['smile', '😄'],
      ['heart', '❤'],
      ['white_check_mark', '✅'],
      ['joy', '😂'],
      ['eyes', '👀'],
      ['pray', '🙏'],
      ['facepunch', '👊'],
      ['face_palm', '🤦'],
    ];
    for (const [code, emoji] of known)
      expect(index.byCode.get(code)?.replace(/\uFE0F/g, ''), code).toBe(emoji);
  });

  it('offers prefix matches first, shortest first, one row per emoji', () => {
    const found = searchShortcodes(index, 'thu');
    expect(found[0]).toMatchObject({ shortcode: 'thumbsup' });
    expect(new Set(found.map((s) => s.emoji)).size).toBe(found.length);
    expect(searchShortcodes(index, 'tad')[0]?.emoji).toBe('🎉');
    expect(searchShortcodes(index, 'th')[0]).toMatchObject({ shortcode: 'thumbsup' });
    expect(searchShortcodes(index, 'thr')[0]).toMatchObject({ shortcode: 'three' });
    expect(searchShortcodes(index, 'zzqx')).toEqual([]);
  });
});

describe('finding a shortcode at the caret', () => {
  it('opens after a colon and two letters, at a word boundary', () => {
    expect(openShortcodeAt('hi :ta')).toEqual({ start: 3, query: 'ta' });
    expect(openShortcodeAt('+:thu')).toEqual({ start: 1, query: 'thu' });
    expect(openShortcodeAt(':t')).toBeUndefined();
    expect(openShortcodeAt('at 10:30')).toBeUndefined();
    expect(openShortcodeAt('see http://ex')).toBeUndefined();
  });

  it('finds a closed shortcode and splices its emoji in', () => {
    const text = 'yay :tada: now';
    const at = closedShortcodeAt(text.slice(0, 10));
    expect(at).toEqual({ start: 4, query: 'tada' });
    expect(spliceAt(text, at!.start, 10, '🎉')).toEqual({ text: 'yay 🎉 now', caret: 6 });
    expect(closedShortcodeAt('12:30:')).toBeUndefined();
  });
});

describe('shortcodes left in a message as it is sent', () => {
  const { byCode } = buildIndex(...emojiFiles());
  const bare = (text: string) => replaceShortcodes(text, byCode).replace(/\uFE0F/g, '');

  it('turns every known one into its emoji, pasted or typed too fast for the box', () => {
    expect(bare(':wave: hi all :tada::tada:')).toBe('👋 hi all 🎉🎉');
    expect(bare('Ship it :+1:, then (:Rocket:).')).toBe('Ship it 👍, then (🚀).');
  });

  it('keeps unknown codes, custom emoji, times and code as typed', () => {
    expect(bare(':partyparrot: at 10:30:00 in a:smile:b')).toBe(':partyparrot: at 10:30:00 in a:smile:b');
    expect(bare('run `:wave:` then\n```\n:tada:\n```\n:wave:')).toBe(
      'run `:wave:` then\n```\n:tada:\n```\n👋',
    );
    expect(bare('```\n:tada: unclosed')).toBe('```\n:tada: unclosed');
  });

  it('is only worth the data when a closed code is there', () => {
    expect(mayHoldShortcode('see :wave: there')).toBe(true);
    expect(mayHoldShortcode('at 10:30:00, see http://x')).toBe(false);
    expect(mayHoldShortcode(':wav')).toBe(false);
  });
});
