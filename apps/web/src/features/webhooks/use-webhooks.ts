import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CreateOutgoingWebhookBody,
  CreatedOutgoingWebhookResponse,
  CreatedWebhookResponse,
  OutgoingWebhooksResponse,
  WebhooksResponse,
} from '@parley/protocol';
import { api } from '../../lib/api';

// Both kinds under ['webhooks', channelId], so one invalidation can reach a channel's all.
const keyOf = (channelId: string) => ['webhooks', channelId, 'incoming'];
const outgoingKeyOf = (channelId: string) => ['webhooks', channelId, 'outgoing'];

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

/** A channel's outgoing webhooks, each with how its last call went, read each time the dialog opens. */
export function useOutgoingWebhooks(channelId: string) {
  return useQuery({
    queryKey: outgoingKeyOf(channelId),
    queryFn: () => api<OutgoingWebhooksResponse>('GET', `/channels/${channelId}/outgoing-webhooks`),
    // No event says a call was made: each opening reads how the last one went.
    staleTime: 0,
  });
}

/** Answers the signing secret this once. */
export function useAddOutgoingWebhook(channelId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateOutgoingWebhookBody) =>
      api<CreatedOutgoingWebhookResponse>('POST', `/channels/${channelId}/outgoing-webhooks`, body),
    onSuccess: () => qc.invalidateQueries({ queryKey: outgoingKeyOf(channelId) }),
  });
}

export function useRemoveOutgoingWebhook(channelId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<void>('DELETE', `/outgoing-webhooks/${id}`),
    onSuccess: () => qc.invalidateQueries({ queryKey: outgoingKeyOf(channelId) }),
  });
}
