import { describe, expect, it } from 'vitest';
import { baseUsername, displayNameOf, emailOf, usernameChoices } from './sso.profile.js';

describe('baseUsername', () => {
  it('takes the provider’s username, then the email’s name, then the name, as a valid username', () => {
    expect(baseUsername({ preferred_username: 'Ann.Lee' })).toBe('ann.lee');
    expect(baseUsername({ preferred_username: 'ann@corp.example' })).toBe('ann');
    expect(baseUsername({ email: 'Zoë.Ng@example.com' })).toBe('zoe.ng');
    expect(baseUsername({ name: 'José María López' })).toBe('jose-maria-lopez');
  });

  it('skips what cannot be a username, and broadcasts, and falls back to "user"', () => {
    expect(baseUsername({ preferred_username: '李', email: 'x@y.z' })).toBe('user');
    expect(baseUsername({ preferred_username: 'here', name: 'Hee Re' })).toBe('hee-re');
    expect(baseUsername({ preferred_username: 42, name: null })).toBe('user');
    expect(baseUsername({ preferred_username: '..--..' })).toBe('user');
  });

  it('leaves room for a number after a long name', () => {
    const base = baseUsername({ preferred_username: 'a'.repeat(80) });
    expect(base).toHaveLength(27);
    const choices = usernameChoices(base);
    expect([...Array(10)].map(() => choices.next().value).every((c) => c!.length <= 32)).toBe(true);
  });
});

describe('usernameChoices', () => {
  it('tries the base, then -2 to -9, then four random digits', () => {
    const choices = usernameChoices('bob');
    const first = [...Array(10)].map(() => choices.next().value);
    expect(first.slice(0, 9)).toEqual(['bob', ...[2, 3, 4, 5, 6, 7, 8, 9].map((n) => `bob-${n}`)]);
    expect(first[9]).toMatch(/^bob-\d{4}$/);
  });
});

describe('displayNameOf', () => {
  it('takes the name, else given and family names, else the username', () => {
    expect(displayNameOf({ name: ' Ann Lee ' }, 'ann')).toBe('Ann Lee');
    expect(displayNameOf({ given_name: 'Ann', family_name: 'Lee' }, 'ann')).toBe('Ann Lee');
    expect(displayNameOf({ name: 'bad\u0000name' }, 'ann')).toBe('ann');
    expect(displayNameOf({ name: 'x'.repeat(100) }, 'ann')).toHaveLength(64);
  });
});

describe('emailOf', () => {
  it('keeps a plain address and drops anything odd', () => {
    expect(emailOf({ email: 'ann@example.com' })).toBe('ann@example.com');
    for (const email of ['no-at', 'a@b@c', 'a b@c', 'a\u0000@b', 'a\ud800@b', `${'a'.repeat(65)}@b`, 7])
      expect(emailOf({ email })).toBeNull();
  });
});
