import { Picker } from 'emoji-picker-element';
import { emojiDataUrl } from './shortcodes';

/** Loaded on the first open only: the picker and its data stay out of the first-load bundle. */
export function createPicker(): Picker {
  return new Picker({ dataSource: emojiDataUrl, locale: 'en' });
}
