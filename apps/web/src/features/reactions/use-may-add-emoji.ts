import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { SettingsResponse, User } from '@parley/protocol';
import { api } from '../../lib/api';
import { keys } from '../../realtime/keys';

/** Whether the server will take a custom emoji from the caller: never a guest; members unless kept to admins. */
export function useMayAddEmoji(): boolean {
  const qc = useQueryClient();
  const me = qc.getQueryData<User | null>(keys.session);
  const { data } = useQuery({
    queryKey: ['instance'],
    queryFn: () => api<SettingsResponse>('GET', '/instance'),
    staleTime: 60_000,
  });
  if (!me || me.role === 'guest' || !data) return false;
  return data.settings.emojiAdders === 'members' || me.role === 'owner' || me.role === 'admin';
}
