import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Message, SavedResponse } from '@parley/protocol';
import { api, describeError } from '../../lib/api';
import { keys } from '../../realtime/keys';
import { notify } from '../../realtime/notices';

export function usePins(channelId: string, enabled: boolean) {
  return useQuery({
    queryKey: keys.pins(channelId),
    queryFn: async () => (await api<{ messages: Message[] }>('GET', `/channels/${channelId}/pins`)).messages,
    enabled,
    staleTime: 0,
  });
}

/** The newest 50 saved messages: enough to show a row as saved; older ones still unsave fine. */
export function useSaved() {
  return useQuery({
    queryKey: keys.saved,
    queryFn: () => api<SavedResponse>('GET', '/saved?limit=50'),
    staleTime: 60_000,
  });
}

export function usePinToggle() {
  return useMutation({
    mutationFn: (m: Message) => api(m.pinnedAt ? 'DELETE' : 'PUT', `/messages/${m.id}/pin`),
    onError: (err) => notify(`Could not change the pin: ${describeError(err)}`),
  });
}

export function useSaveToggle() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ message, saved }: { message: Message; saved: boolean }) =>
      api(saved ? 'DELETE' : 'PUT', `/messages/${message.id}/save`),
    onSettled: () => qc.invalidateQueries({ queryKey: keys.saved }),
    onError: (err) => notify(`Could not change saved messages: ${describeError(err)}`),
  });
}
