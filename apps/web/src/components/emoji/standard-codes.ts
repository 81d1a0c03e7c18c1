import { createStore } from '../../lib/store';
import { loadShortcodes } from './shortcodes';

/** Standard shortcodes to emoji, once a message on screen has needed them (a bot's `:rocket:`). */
export const standardCodes = createStore<Map<string, string> | undefined>(undefined);
let requested = false;

/** Loads the shortcodes for messages to draw; after a failure the next message asks again. */
export function needStandardCodes(): void {
  if (requested || standardCodes.get()) return;
  requested = true;
  loadShortcodes().then(
    (index) => standardCodes.set(index.byCode),
    () => (requested = false),
  );
}
