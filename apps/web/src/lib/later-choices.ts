/** Slack's "later" times (reminders, scheduled messages), in the reader's own time zone: later today, tomorrow morning, next week. */
export function laterChoices(now: Date): { label: string; at: Date }[] {
  const minutes = (n: number) => new Date(now.getTime() + n * 60_000);
  const morning = (daysAhead: number) => {
    const at = new Date(now);
    at.setDate(at.getDate() + daysAhead);
    at.setHours(9, 0, 0, 0);
    return at;
  };
  // Monday next week: 1 to 7 days ahead, never today.
  const toMonday = (8 - now.getDay()) % 7 || 7;
  return [
    { label: 'In 20 minutes', at: minutes(20) },
    { label: 'In 1 hour', at: minutes(60) },
    { label: 'In 3 hours', at: minutes(180) },
    { label: 'Tomorrow at 9:00', at: morning(1) },
    // On a Sunday, Monday is tomorrow: offered once.
    ...(toMonday > 1 ? [{ label: 'Next Monday at 9:00', at: morning(toMonday) }] : []),
  ];
}

/** When a reminder or a scheduled message is due, as a person says it: "today at 3:00 PM", "Tue at 9:00 AM", "Dec 3 at 9:00 AM". */
export function laterTime(at: Date, now: Date): string {
  const time = at.toLocaleTimeString(undefined, { hour: 'numeric', minute: '2-digit' });
  const days = Math.round((startOfDay(at) - startOfDay(now)) / 86_400_000);
  if (days === 0) return `today at ${time}`;
  if (days === 1) return `tomorrow at ${time}`;
  const day =
    days > 1 && days < 7
      ? at.toLocaleDateString(undefined, { weekday: 'short' })
      : at.toLocaleDateString(undefined, { month: 'short', day: 'numeric' });
  return `${day} at ${time}`;
}

const startOfDay = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();

const YEAR_MS = 366 * 86_400_000;

/** Why a time picked by hand cannot be used, if it cannot: the server takes times ahead, within a year. */
export function customTimeProblem(at: Date, now: Date): string | undefined {
  if (Number.isNaN(at.getTime())) return 'Pick a date and a time.';
  if (at.getTime() <= now.getTime()) return 'Pick a time ahead.';
  if (at.getTime() > now.getTime() + YEAR_MS) return 'Pick a time within a year.';
  return undefined;
}

/** A date as a datetime-local field shows it, in local time, to the minute. */
export function localInputValue(at: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
}

/** The next whole hour at least 30 minutes ahead: where a hand-picked time starts. */
export function suggestedCustomTime(now: Date): Date {
  const at = new Date(now.getTime() + 90 * 60_000);
  at.setMinutes(0, 0, 0);
  return at;
}
