import type { Message } from '@parley/protocol';

type Listener = (message: Message, text: string) => void;
let listener: Listener | undefined;

/** The local search index listens here for every message this browser decrypts for display. */
export function onDecrypted(next: Listener | undefined): void {
  listener = next;
}

export function noteDecrypted(message: Message, text: string): void {
  listener?.(message, text);
}
