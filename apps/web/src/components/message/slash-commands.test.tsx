import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MessageBody } from './markdown';
import { matchingCommands, parseSlash, textCommandBody, TEXT_COMMANDS } from './slash-commands';

describe('parseSlash', () => {
  it('reads a command and what follows it', () => {
    expect(parseSlash('/topic Release week ')).toEqual({ name: 'topic', rest: 'Release week' });
    expect(parseSlash('/LEAVE')).toEqual({ name: 'leave', rest: '' });
    expect(parseSlash('/invite @ann\n@bob')).toEqual({ name: 'invite', rest: '@ann\n@bob' });
  });

  it('leaves paths, a lone slash and text after a space as messages', () => {
    for (const text of ['/usr/bin is full', '/', '/ hello', ' /leave', 'see /leave', '/1st']) {
      expect(parseSlash(text)).toBeUndefined();
    }
  });
});

describe('textCommandBody', () => {
  it('adds the shrug, written so that markdown shows it as typed', () => {
    expect(textCommandBody({ name: 'shrug', rest: '' })).toBe('¯\\\\\\_(ツ)\\_/¯');
    expect(textCommandBody({ name: 'shrug', rest: 'no idea' })).toBe('no idea ¯\\\\\\_(ツ)\\_/¯');
  });

  it('puts /me in italics that a star or underscore in the text cannot break', () => {
    expect(textCommandBody({ name: 'me', rest: 'waves' })).toBe('_waves_');
    expect(textCommandBody({ name: 'me', rest: 'likes *bold* and snake_case' })).toBe(
      '_likes \\*bold\\* and snake\\_case_',
    );
    expect(textCommandBody({ name: 'me', rest: '' })).toBeUndefined();
    expect(textCommandBody({ name: 'topic', rest: 'x' })).toBeUndefined();
  });
});

describe('matchingCommands', () => {
  it('offers the commands starting with what is typed, until a space', () => {
    expect(matchingCommands('/', TEXT_COMMANDS).map((c) => c.name)).toEqual(['me', 'shrug']);
    expect(matchingCommands('/sh', TEXT_COMMANDS).map((c) => c.name)).toEqual(['shrug']);
    expect(matchingCommands('/shrug ', TEXT_COMMANDS)).toEqual([]);
    expect(matchingCommands('hi /sh', TEXT_COMMANDS)).toEqual([]);
  });
});

describe('what the text commands send, as a message shows it', () => {
  it('shows the shrug whole and /me in italics with its stars and underscores', () => {
    const shrug = render(<MessageBody text={textCommandBody({ name: 'shrug', rest: 'no idea' })!} />);
    expect(shrug.container.textContent).toBe('no idea ¯\\_(ツ)_/¯');
    const me = render(
      <MessageBody text={textCommandBody({ name: 'me', rest: 'likes *bold* and snake_case' })!} />,
    );
    expect(me.container.querySelector('em')?.textContent).toBe('likes *bold* and snake_case');
  });
});
