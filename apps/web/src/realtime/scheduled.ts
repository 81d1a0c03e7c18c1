import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { Message, ScheduledMessage } from '@parley/protocol';
import { ERROR_MESSAGES, isErrorCode } from '@parley/protocol/client';
import { encryptText } from '../crypto/message-crypto';
import { api } from '../lib/api';
import { applyScheduledChanged } from './apply-scheduled-events';
import { keys } from './keys';

export function useScheduled(enabled = true) {
  return useQuery({
    queryKey: keys.scheduled,
    queryFn: async () => (await api<{ scheduled: ScheduledMessage[] }>('GET', '/scheduled')).scheduled,
    enabled,
  });
}

type Place = { channelId: string; encrypted: boolean; threadRootId: string | null; selfId: string };

/** Seals the text where the channel is encrypted, as a send would. */
const contentOf = async ({ channelId, encrypted, selfId }: Place, text: string) =>
  encrypted ? { encrypted: await encryptText(channelId, selfId, text) } : { body: text };

const put = (qc: QueryClient, scheduled: ScheduledMessage) =>
  qc.setQueryData<ScheduledMessage[]>(keys.scheduled, (list) =>
    applyScheduledChanged(list, { scheduledId: scheduled.id, scheduled }),
  );

/** `alsoInChannel`: a thread reply that shows in the channel too, as a send can. */
export async function scheduleMessage(
  qc: QueryClient,
  place: Place,
  text: string,
  at: Date,
  alsoInChannel = false,
): Promise<void> {
  const { scheduled } = await api<{ scheduled: ScheduledMessage }>(
    'POST',
    `/channels/${place.channelId}/scheduled`,
    {
      clientId: crypto.randomUUID(),
      sendAt: at.toISOString(),
      ...(place.threadRootId && {
        threadRootId: place.threadRootId,
        ...(alsoInChannel && { alsoInChannel }),
      }),
      ...(await contentOf(place, text)),
    },
  );
  put(qc, scheduled);
}

export async function rescheduleMessage(qc: QueryClient, id: string, at: Date): Promise<void> {
  put(
    qc,
    (await api<{ scheduled: ScheduledMessage }>('PATCH', `/scheduled/${id}`, { sendAt: at.toISOString() }))
      .scheduled,
  );
}

export async function rewriteScheduled(
  qc: QueryClient,
  place: Place,
  id: string,
  text: string,
): Promise<void> {
  const content = await contentOf(place, text);
  put(qc, (await api<{ scheduled: ScheduledMessage }>('PATCH', `/scheduled/${id}`, content)).scheduled);
}

export async function deleteScheduled(qc: QueryClient, id: string): Promise<void> {
  await api('DELETE', `/scheduled/${id}`);
  qc.setQueryData<ScheduledMessage[]>(keys.scheduled, (list) =>
    applyScheduledChanged(list, { scheduledId: id, scheduled: null }),
  );
}

export async function sendScheduledNow(qc: QueryClient, id: string): Promise<Message> {
  const { message } = await api<{ message: Message }>('POST', `/scheduled/${id}/send`);
  qc.setQueryData<ScheduledMessage[]>(keys.scheduled, (list) =>
    applyScheduledChanged(list, { scheduledId: id, scheduled: null }),
  );
  return message;
}

/** Why a scheduled message could not be sent, as its author reads it. */
export function failureText(code: string): string {
  switch (code) {
    case 'channel_not_found':
    case 'not_a_member':
      return 'You are no longer in that conversation.';
    case 'channel_archived':
      return 'The channel was archived.';
    case 'stale_key_version':
    case 'key_rotation_required':
      return 'The conversation’s key changed: edit the message to seal it again.';
    case 'message_not_found':
      return 'The thread it replies to was deleted.';
    default:
      return isErrorCode(code) ? ERROR_MESSAGES[code] : 'It could not be sent.';
  }
}
