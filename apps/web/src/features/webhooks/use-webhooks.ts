import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreatedWebhookResponse, WebhooksResponse } from '@parley/protocol';
import { api } from '../../lib/api';

const keyOf = (channelId: string) => ['webhooks', channelId];

/** A channel's webhooks, read each time the dialog opens. */
export function useWebhooks(channelId: string) {
  return useQuery({
    queryKey: keyOf(channelId),
    queryFn: () => api<WebhooksResponse>('GET', `/channels/${channelId}/webhooks`),
    // No event says a webhook posted: each opening reads when each last did.
    staleTime: 0,
  });
}

export function useAddWebhook(channelId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (name: string) =>
      api<CreatedWebhookResponse>('POST', `/channels/${channelId}/webhooks`, { name }),
    onSuccess: () => qc.invalidateQueries({ queryKey: keyOf(channelId) }),
  });
}

/** A new URL for a webhook (the old one stops), answered this once. */
export function useRenewWebhookUrl(channelId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<CreatedWebhookResponse>('POST', `/webhooks/${id}/url`),
    onSuccess: () => qc.invalidateQueries({ queryKey: keyOf(channelId) }),
  });
}

export function useRemoveWebhook(channelId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<void>('DELETE', `/webhooks/${id}`),
    onSuccess: () => qc.invalidateQueries({ queryKey: keyOf(channelId) }),
  });
}
