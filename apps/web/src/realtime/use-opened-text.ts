import { useEffect, useState } from 'react';

/** An item's text: its body, or its sealed text opened in this browser (undefined while that cannot be done). */
export function useOpenedText<T extends { body: string | null }>(
  item: T,
  open: (item: T) => Promise<string | undefined>,
): string | undefined {
  const [opened, setOpened] = useState<{ from: T; text: string | undefined }>();
  useEffect(() => {
    if (item.body !== null) return;
    let live = true;
    void open(item).then((text) => live && setOpened({ from: item, text }));
    return () => {
      live = false;
    };
  }, [item, open]);
  return item.body ?? (opened?.from === item ? opened.text : undefined);
}
