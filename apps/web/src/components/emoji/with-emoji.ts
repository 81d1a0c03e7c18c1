import { loadShortcodes } from './shortcodes';
import { mayHoldShortcode, replaceShortcodes } from './shortcode-typing';

/** Past this, a send goes as typed rather than wait on emoji data that may not come (offline). */
const EMOJI_WAIT_MS = 2_000;

/** The text with the shortcodes the composer did not turn into emoji as they were typed (pasted, or typed too fast). */
export async function withEmoji(text: string): Promise<string> {
  if (!mayHoldShortcode(text)) return text;
  let timer: number | undefined;
  const late = new Promise<undefined>((resolve) => (timer = window.setTimeout(resolve, EMOJI_WAIT_MS)));
  const index = await Promise.race([loadShortcodes().catch(() => undefined), late]).finally(() =>
    clearTimeout(timer),
  );
  return index ? replaceShortcodes(text, index.byCode) : text;
}
