import { describe, expect, it } from 'vitest';
import { channelName, displayName, usernameOf } from './slack-names.js';

describe('Slack names in Parley', () => {
  it('keeps a handle Parley allows, folds accents and case, and makes one from the id otherwise', () => {
    expect(usernameOf('ann.lee', 'U1')).toBe('ann.lee');
    expect(usernameOf('José Núñez', 'U1')).toBe('jose-nunez');
    expect(usernameOf('李', 'U1ABC')).toBe('slack-u1abc');
    expect(usernameOf('x', 'U2')).toBe('slack-u2');
  });

  it('keeps channel names in a-z 0-9 - _, or calls one "imported"', () => {
    expect(channelName('Release.Notes 2024')).toBe('release-notes-2024');
    expect(channelName('café_talk')).toBe('cafe_talk');
    expect(channelName('日本')).toBe('imported');
  });

  it('drops control characters from a name to show, and falls back when none is left', () => {
    expect(displayName(' Ann\u0007 Lee ')).toBe('Ann Lee');
    expect(displayName('\u0001')).toBe('Slack user');
  });
});
