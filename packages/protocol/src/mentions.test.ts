import { describe, expect, it } from 'vitest';
import { mentionedNames, mentionsUser } from './mentions.js';

describe('mentions', () => {
  it('finds @username and the broadcasts, in any case, at the start, after spaces and punctuation', () => {
    expect(mentionsUser('@alice hi', 'alice')).toBe(true);
    expect(mentionsUser('hi @Alice!', 'alice')).toBe(true);
    expect(mentionsUser('(@alice)', 'alice')).toBe(true);
    expect(mentionsUser('line\n@here deploy', 'bob')).toBe(true);
    expect(mentionsUser('@channel', 'bob')).toBe(true);
    expect(mentionsUser('@everyone, lunch', 'bob')).toBe(true);
    expect(mentionsUser('thanks @alice.', 'alice')).toBe(true);
    expect(mentionsUser('ask @alice...', 'alice')).toBe(true);
  });

  it('does not see a mention in an email address, a longer name or a name with a dot in another place', () => {
    expect(mentionsUser('mail bob@alice.example', 'alice')).toBe(false);
    expect(mentionsUser('@alicea', 'alice')).toBe(false);
    expect(mentionsUser('@a.b', 'axb')).toBe(false);
    expect(mentionsUser('@axb', 'a.b')).toBe(false);
    expect(mentionsUser('@a.b said', 'a.b')).toBe(true);
    expect(mentionsUser('@channels', 'bob')).toBe(false);
    expect(mentionsUser(null, 'bob')).toBe(false);
  });

  it('counts the handle of a group the user is in as a mention of them, and no other group', () => {
    expect(mentionsUser('@design review at 3', 'bob', ['design'])).toBe(true);
    expect(mentionsUser('ping @Design.', 'bob', ['ops', 'design'])).toBe(true);
    expect(mentionsUser('@design-team look', 'bob', ['design'])).toBe(false);
    expect(mentionsUser('@design-team look', 'bob', ['design', 'design-team'])).toBe(true);
    expect(mentionsUser('@ops', 'bob', ['design'])).toBe(false);
    expect(mentionsUser('@axb', 'bob', ['a.b'])).toBe(false);
  });

  it('lists who a body mentions, each once, a trailing dot left out', () => {
    expect(mentionedNames('@Bob and @carol.d, again @bob. and @here')).toEqual(['bob', 'carol.d', 'here']);
    expect(mentionedNames('no one at all, x@y.z')).toEqual([]);
  });
});
