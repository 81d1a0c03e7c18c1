import { useQueryClient } from '@tanstack/react-query';
import type { User } from '@parley/protocol';
import { keys } from '../../realtime/keys';
import { useInstanceSettings } from '../../realtime/use-instance';

/** Whether the server will take a custom emoji from the caller: never a guest; members unless kept to admins. */
export function useMayAddEmoji(): boolean {
  const qc = useQueryClient();
  const me = qc.getQueryData<User | null>(keys.session);
  const settings = useInstanceSettings();
  if (!me || me.role === 'guest' || !settings) return false;
  return settings.emojiAdders === 'members' || me.role === 'owner' || me.role === 'admin';
}
