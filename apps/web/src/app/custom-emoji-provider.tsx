import { useMemo, type ReactNode } from 'react';
import { CustomEmojiContext, type CustomEmojiView } from '../components/emoji/custom-emoji-context';
import { emojiImageUrl, useCustomEmoji } from '../realtime/use-custom-emoji';

/** The instance's custom emoji for messages, reactions, the picker and the composer. */
export function CustomEmojiProvider({ children }: { children: ReactNode }) {
  const { data } = useCustomEmoji();
  const lookup = useMemo(() => {
    const list: CustomEmojiView[] = (data ?? []).map((e) => ({
      name: e.name,
      url: emojiImageUrl(e),
      addedBy: e.addedBy,
    }));
    const byName = new Map(list.map((e) => [e.name, e]));
    return { list, byName: (name: string) => byName.get(name) };
  }, [data]);
  return <CustomEmojiContext.Provider value={lookup}>{children}</CustomEmojiContext.Provider>;
}
