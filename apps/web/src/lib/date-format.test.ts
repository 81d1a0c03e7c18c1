import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clockTime, dateFormat } from './date-format';

const Real = Intl.DateTimeFormat;
let builds = 0;

beforeEach(() => {
  builds = 0;
  Intl.DateTimeFormat = class extends Real {
    constructor(...args: ConstructorParameters<typeof Real>) {
      super(...args);
      builds++;
    }
  } as typeof Real;
});
afterEach(() => {
  Intl.DateTimeFormat = Real;
});

describe('dateFormat', () => {
  it('builds nothing until a date is formatted, then formats as Intl does', () => {
    const options = { day: 'numeric', month: 'long', year: 'numeric' } as const;
    const day = dateFormat(options);
    expect(builds).toBe(0);
    const when = new Date(2026, 10, 27, 9, 41);
    expect(day.format(when)).toBe(new Real(undefined, options).format(when));
    expect(builds).toBe(1);
  });

  it('shares one built format between callers with the same options', () => {
    const when = new Date(2026, 10, 27, 9, 41);
    const again = dateFormat({ hour: 'numeric', minute: '2-digit' });
    clockTime.format(when);
    const before = builds;
    expect(again.format(when)).toBe(clockTime.format(when));
    expect(builds).toBe(before);
  });
});
