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
