import { describe, expect, it } from 'vitest';
import { reminderChoices, reminderTime } from './reminder-choices';

describe('reminderChoices', () => {
  const at = (now: Date) => Object.fromEntries(reminderChoices(now).map((c) => [c.label, c.at]));

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
    expect(at(new Date(2026, 10, 29, 23, 0))['Next Monday at 9:00']).toEqual(new Date(2026, 10, 30, 9, 0));
  });
});

describe('reminderTime', () => {
  const now = new Date(2026, 10, 25, 15, 10);
  it('says today, tomorrow, a weekday this week, else the date', () => {
    expect(reminderTime(new Date(2026, 10, 25, 18, 0), now)).toMatch(/^today at 6:00\sPM$/);
    expect(reminderTime(new Date(2026, 10, 26, 9, 0), now)).toMatch(/^tomorrow at 9:00\sAM$/);
    expect(reminderTime(new Date(2026, 10, 30, 9, 0), now)).toMatch(/^Mon at 9:00\sAM$/);
    expect(reminderTime(new Date(2026, 11, 7, 9, 0), now)).toMatch(/^Dec 7 at 9:00\sAM$/);
  });
});
