import type { User } from '@parley/protocol';
import { useStore } from '../../lib/store';
import { typing, typingIn } from '../../realtime/typing';
import './composer.css';

/** "Bob is typing…" under a channel or a thread: `where` is the channel id or the thread's root id. */
export function TypingLine({ where, users }: { where: string; users: Map<string, User> }) {
  const ids = typingIn(useStore(typing), where);
  return (
    <div className="typing-line" aria-live="polite">
      {ids.length > 0 && typingText(ids.map((id) => users.get(id)?.displayName ?? 'Someone'))}
    </div>
  );
}

function typingText(names: string[]): string {
  if (names.length === 1) return `${names[0]} is typing…`;
  if (names.length === 2) return `${names[0]} and ${names[1]} are typing…`;
  return 'Several people are typing…';
}
