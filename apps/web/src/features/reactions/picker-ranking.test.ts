import { describe, expect, it } from 'vitest';
import { rankSearch } from './picker-ranking';

const smiley = { annotation: 'grinning face with big eyes', shortcodes: ['smiley'] };
const heartEyes = { annotation: 'smiling face with heart-eyes', shortcodes: ['heart_eyes'] };
const eyes = { annotation: 'eyes', shortcodes: ['eyes'] };
const heart = { annotation: 'red heart', shortcodes: ['heart'] };
const fireEngine = { annotation: 'fire engine', shortcodes: ['fire_engine'] };
const fire = { annotation: 'fire', shortcodes: ['fire'] };
const parrot = { name: 'partyparrot', shortcodes: ['partyparrot'] };

describe('rankSearch', () => {
  it('puts the exact shortcode first, as Slack does: "eyes" gives 👀 before 😃', () => {
    expect(rankSearch([smiley, heartEyes, eyes], 'eyes')[0]).toBe(eyes);
    expect(rankSearch([fireEngine, fire], 'fire')).toEqual([fire, fireEngine]);
    expect(rankSearch([heartEyes, heart], ':heart:')).toEqual([heart, heartEyes]);
  });

  it('then shortcodes that start with the query, then names with such a word, each in the picker order', () => {
    expect(rankSearch([smiley, heartEyes, heart], 'hea')).toEqual([heartEyes, heart, smiley]);
    expect(rankSearch([smiley, parrot, fireEngine], 'engine')).toEqual([fireEngine, smiley, parrot]);
  });

  it('ranks custom emoji by name like the others', () => {
    expect(rankSearch([smiley, parrot], 'partyparrot')[0]).toBe(parrot);
  });
});
