import { Picker } from 'emoji-picker-element';
import { emojiDataUrl } from '../../components/emoji/shortcodes';

/** The picker reads its data from a local asset; nothing is fetched from elsewhere. */
export function createPicker(): Picker {
  return new Picker({ dataSource: emojiDataUrl, locale: 'en' });
}
