import { describe, expect, it } from 'vitest';
import {
  customTimeProblem,
  laterChoices,
  laterTime,
  localInputValue,
  suggestedCustomTime,
} from './later-choices';

describe('laterChoices', () => {
  const at = (now: Date) => Object.fromEntries(laterChoices(now).map((c) => [c.label, c.at]));

  it('offers later today by minutes, and 9:00 tomorrow and next Monday in local time', () => {
    const wednesday = new Date(2026, 10, 25, 15, 10);
    const choices = at(wednesday);
    expect(choices['In 20 minutes']).toEqual(new Date(2026, 10, 25, 15, 30));
    expect(choices['In 3 hours']).toEqual(new Date(2026, 10, 25, 18, 10));
    expect(choices['Tomorrow at 9:00']).toEqual(new Date(2026, 10, 26, 9, 0));
    expect(choices['Next Monday at 9:00']).toEqual(new Date(2026, 10, 30, 9, 0));
  });

  it('takes next Monday a week ahead when it is Monday, and rolls over the month', () => {
    expect(at(new Date(2026, 10, 30, 8, 0))['Next Monday at 9:00']).toEqual(new Date(2026, 11, 7, 9, 0));
    expect(at(new Date(2026, 10, 30, 8, 0))['Tomorrow at 9:00']).toEqual(new Date(2026, 11, 1, 9, 0));
  });

  it('offers Monday once on a Sunday, as tomorrow', () => {
    const sunday = at(new Date(2026, 10, 29, 23, 0));
    expect(sunday['Tomorrow at 9:00']).toEqual(new Date(2026, 10, 30, 9, 0));
    expect(sunday['Next Monday at 9:00']).toBeUndefined();
  });
});

describe('laterTime', () => {
  const now = new Date(2026, 10, 25, 15, 10);
  it('says today, tomorrow, a weekday this week, else the date', () => {
    expect(laterTime(new Date(2026, 10, 25, 18, 0), now)).toMatch(/^today at 6:00\sPM$/);
    expect(laterTime(new Date(2026, 10, 26, 9, 0), now)).toMatch(/^tomorrow at 9:00\sAM$/);
    expect(laterTime(new Date(2026, 10, 30, 9, 0), now)).toMatch(/^Mon at 9:00\sAM$/);
    expect(laterTime(new Date(2026, 11, 7, 9, 0), now)).toMatch(/^Dec 7 at 9:00\sAM$/);
  });
});

describe('custom times', () => {
  const now = new Date(2026, 10, 25, 15, 10);

  it('takes a time ahead and within a year, and says why not otherwise', () => {
    expect(customTimeProblem(new Date(2026, 10, 25, 15, 11), now)).toBeUndefined();
    expect(customTimeProblem(new Date(2026, 10, 25, 15, 10), now)).toBe('Pick a time ahead.');
    expect(customTimeProblem(new Date(2027, 11, 1), now)).toBe('Pick a time within a year.');
    expect(customTimeProblem(new Date('not a date'), now)).toBe('Pick a date and a time.');
  });

  it('shows a date as the datetime field wants it, and suggests the next whole hour', () => {
    expect(localInputValue(new Date(2026, 0, 5, 9, 7))).toBe('2026-01-05T09:07');
    expect(suggestedCustomTime(now)).toEqual(new Date(2026, 10, 25, 16, 0));
    expect(suggestedCustomTime(new Date(2026, 10, 25, 15, 40))).toEqual(new Date(2026, 10, 25, 17, 0));
  });
});
