import { createContext, useContext } from 'react';

/** A custom emoji as the UI draws it: its name and its picture's address. */
export type CustomEmojiView = { name: string; url: string; addedBy: string | null };
export type CustomEmojiLookup = {
  list: CustomEmojiView[];
  byName: (name: string) => CustomEmojiView | undefined;
};

/** The instance's custom emoji, given by the app so message bodies and reactions need no data of their own. */
export const CustomEmojiContext = createContext<CustomEmojiLookup | undefined>(undefined);
export const useCustomEmojiLookup = () => useContext(CustomEmojiContext);

const CUSTOM = /^:([a-z0-9_+-]{1,32}):$/;
/** The name in a reaction stored as `:name:`; undefined for a unicode emoji. */
export const customName = (emoji: string) => CUSTOM.exec(emoji)?.[1];
