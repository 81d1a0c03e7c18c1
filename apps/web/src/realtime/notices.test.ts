import { afterEach, describe, expect, it, vi } from 'vitest';
import { notices, notify } from './notices';

describe('notify', () => {
  afterEach(() => {
    vi.useRealTimers();
    notices.set([]);
  });

  it('shows the same words once however often they are said, for the full time after the last (regression: stacked copies)', () => {
    vi.useFakeTimers();
    notify('/deploy went to Deploys.', 1_000);
    notify('You were removed from #ops.', 1_000);
    vi.advanceTimersByTime(600);
    notify('/deploy went to Deploys.', 1_000);
    expect(notices.get().map((n) => n.text)).toEqual([
      'You were removed from #ops.',
      '/deploy went to Deploys.',
    ]);
    vi.advanceTimersByTime(600);
    expect(notices.get().map((n) => n.text)).toEqual(['/deploy went to Deploys.']);
    vi.advanceTimersByTime(600);
    expect(notices.get()).toEqual([]);
  });
});
