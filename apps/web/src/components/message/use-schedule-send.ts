import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { Channel } from '@parley/protocol';
import { describeError } from '../../lib/api';
import { laterTime } from '../../lib/later-choices';
import { notify } from '../../realtime/notices';
import { scheduleMessage } from '../../realtime/scheduled';

/** A composer's "send later": keeps the text to go out at the time picked, and says when; answers an error to show. */
export function useScheduleSend(
  channel: Channel,
  threadRootId: string | null,
  selfId: string,
  alsoInChannel = false,
) {
  const qc = useQueryClient();
  const navigate = useNavigate();
  return async (text: string, at: Date): Promise<string | undefined> => {
    const place = { channelId: channel.id, encrypted: channel.encrypted, threadRootId, selfId };
    try {
      await scheduleMessage(qc, place, text, at, alsoInChannel);
    } catch (err) {
      return `Could not schedule it: ${describeError(err)}`;
    }
    notify(`Scheduled to send ${laterTime(at, new Date())}.`, 8_000, {
      label: 'See scheduled',
      run: () => navigate('/scheduled'),
    });
    return undefined;
  };
}
