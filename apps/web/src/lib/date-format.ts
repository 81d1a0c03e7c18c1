type DateFormat = { format(date: Date | number): string };

const built = new Map<string, Intl.DateTimeFormat>();

/**
 * A date format built on its first use and shared by every caller with the same options: each one costs
 * milliseconds to build (more on a phone), too dear to spend at start-up for formats a screen may never show.
 */
export function dateFormat(options: Intl.DateTimeFormatOptions): DateFormat {
  const key = JSON.stringify(options);
  return {
    format(date) {
      let format = built.get(key);
      if (!format) built.set(key, (format = new Intl.DateTimeFormat(undefined, options)));
      return format.format(date);
    },
  };
}

/** "9:41 AM" or "09:41", as the reader's locale writes a time of day. */
export const clockTime = dateFormat({ hour: 'numeric', minute: '2-digit' });

/** "Friday, November 27, 2026 at 4:44:12 PM", as the reader's locale writes it: a message time's tooltip. */
export const fullDateTime = dateFormat({ dateStyle: 'full', timeStyle: 'medium' });

/** Gives a `<time>` its full date as a tooltip when the pointer reaches it: no work for rows never pointed at. */
export function titleWithFullDate(e: { currentTarget: HTMLElement }): void {
  const at = e.currentTarget.getAttribute('datetime');
  if (at && !e.currentTarget.title) e.currentTarget.title = fullDateTime.format(new Date(at));
}
