import { Picker } from 'emoji-picker-element';
import Database from 'emoji-picker-element/database';
import { emojiDataUrl, loadShortcodes } from '../../components/emoji/shortcodes';
import { rankSearch } from './picker-ranking';

// The picker's own search sorts by emoji order only; every picker shares this database class.
const search = Database.prototype.getEmojiBySearchQuery;
Database.prototype.getEmojiBySearchQuery = async function (this: Database, query: string) {
  const found = await search.call(this, query);
  if (found.length) return rankSearch(found, query);
  // Slack's shortcodes the picker's data lacks, such as "+1", through the composer's index.
  const code = query.trim().toLowerCase().replace(/^:|:$/g, '');
  const emoji = (await loadShortcodes().catch(() => undefined))?.byCode.get(code);
  const exact = emoji ? await this.getEmojiByUnicodeOrName(emoji) : null;
  return exact ? [exact] : [];
};

/** The picker reads its data from a local asset; nothing is fetched from elsewhere. */
export function createPicker(): Picker {
  return new Picker({ dataSource: emojiDataUrl, locale: 'en' });
}
