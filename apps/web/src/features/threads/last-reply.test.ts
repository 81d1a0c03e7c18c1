import { describe, expect, it } from 'vitest';
import { sinceLabel } from './last-reply';

describe('sinceLabel', () => {
  const now = new Date(2026, 2, 10, 15, 0);
  const at = (d: Date) => d.toISOString();

  it('counts minutes for the last hour', () => {
    expect(sinceLabel(at(new Date(2026, 2, 10, 14, 59, 30)), now)).toBe('just now');
    expect(sinceLabel(at(new Date(2026, 2, 10, 14, 55)), now)).toBe('5 min ago');
  });

  it('names the day after that', () => {
    expect(sinceLabel(at(new Date(2026, 2, 10, 9, 5)), now)).toMatch(/^today at 9[.:]05/);
    expect(sinceLabel(at(new Date(2026, 2, 9, 20, 0)), now)).toMatch(/^yesterday at /);
    expect(sinceLabel(at(new Date(2026, 1, 3, 12, 0)), now)).toMatch(/3/);
    expect(sinceLabel(at(new Date(2026, 1, 3, 12, 0)), now)).not.toMatch(/2026/);
  });

  it('says the year of a reply from another year, as imported threads have', () => {
    expect(sinceLabel(at(new Date(2023, 10, 14, 12, 0)), now)).toMatch(/2023/);
  });
});
