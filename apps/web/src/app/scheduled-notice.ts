import type { QueryClient } from '@tanstack/react-query';
import type { Channel, ScheduledMessage, User } from '@parley/protocol';
import { placeName } from '../lib/names';
import { keys } from '../realtime/keys';
import { notify } from '../realtime/notices';
import { failureText } from '../realtime/scheduled';

/** Tells the author, in every tab, that a scheduled message was refused when it was due, and why. */
export function noticeScheduledFailed(
  qc: QueryClient,
  me: User,
  scheduled: ScheduledMessage,
  open: (path: string) => void,
): void {
  const channel = qc.getQueryData<Channel[]>(keys.channels)?.find((c) => c.id === scheduled.channelId);
  const why = failureText(scheduled.failedCode ?? '');
  notify(`Your scheduled message to ${placeName(channel, me)} could not be sent. ${why}`, 20_000, {
    label: 'See scheduled',
    run: () => open('/scheduled'),
  });
}
