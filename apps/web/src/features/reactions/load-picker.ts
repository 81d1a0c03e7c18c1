import { Picker } from 'emoji-picker-element';
import Database from 'emoji-picker-element/database';
import { emojiDataUrl } from '../../components/emoji/shortcodes';
import { rankSearch } from './picker-ranking';

// The picker's own search sorts by emoji order only; every picker shares this database class.
const search = Database.prototype.getEmojiBySearchQuery;
Database.prototype.getEmojiBySearchQuery = async function (this: Database, query: string) {
  return rankSearch(await search.call(this, query), query);
};

/** The picker reads its data from a local asset; nothing is fetched from elsewhere. */
export function createPicker(): Picker {
  return new Picker({ dataSource: emojiDataUrl, locale: 'en' });
}
