import { describe, expect, it } from 'vitest';
import { RESERVED_COMMANDS } from '@parley/protocol';
import { builtInCommands } from './use-slash-commands';

describe('built-in slash commands', () => {
  it('are exactly the names the server keeps from bots', () => {
    expect(builtInCommands().sort()).toEqual([...RESERVED_COMMANDS].sort());
  });
});
