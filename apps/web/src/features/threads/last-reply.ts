import { useSyncExternalStore } from 'react';
import { clockTime, dateFormat } from '../../lib/date-format';

const dayFormat = dateFormat({ day: 'numeric', month: 'long' });
const dayYearFormat = dateFormat({ day: 'numeric', month: 'long', year: 'numeric' });

const startOfDay = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();

/** "just now", "5 min ago", "today at 14:05", "yesterday at 9:30", "3 March", "3 March 2023": how Slack dates a last reply. */
export function sinceLabel(iso: string, now: Date): string {
  const then = new Date(iso);
  const minutes = Math.floor((now.getTime() - then.getTime()) / 60_000);
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min ago`;
  const days = Math.round((startOfDay(now) - startOfDay(then)) / 86_400_000);
  if (days === 0) return `today at ${clockTime.format(then)}`;
  if (days === 1) return `yesterday at ${clockTime.format(then)}`;
  // An imported thread may be years old: its year is said.
  return (then.getFullYear() === now.getFullYear() ? dayFormat : dayYearFormat).format(then);
}

// One shared clock for every summary line: a half-minute tick, so every reader sees the same time.
const TICK_MS = 30_000;
const tick = () => Math.floor(Date.now() / TICK_MS) * TICK_MS;
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | undefined;

function subscribe(listener: () => void) {
  listeners.add(listener);
  timer ??= setInterval(() => listeners.forEach((l) => l()), TICK_MS);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}

/** The time, refreshed every half minute, so "5 min ago" does not freeze. */
export function useNow(): Date {
  return new Date(useSyncExternalStore(subscribe, tick));
}
