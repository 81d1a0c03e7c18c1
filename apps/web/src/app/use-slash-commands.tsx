import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { Channel, User, UserResponse } from '@parley/protocol';
import type { SlashCommand, TypedCommand } from '../components/message/slash-commands';
import { api, describeError } from '../lib/api';
import { isDirect } from '../lib/names';
import { notify } from '../realtime/notices';
import { useUpdateChannel, useUpdateMembership } from '../realtime/use-channels';
import { LeaveChannelDialog } from '../features/channels/leave-channel-dialog';

const ROOM_COMMANDS: SlashCommand[] = [
  { name: 'invite', args: '@person …', description: 'Adds people to this channel' },
  { name: 'leave', description: 'Leaves this channel' },
  { name: 'topic', args: '[text]', description: 'Sets the channel topic' },
];
const EVERYWHERE: SlashCommand[] = [
  { name: 'mute', description: 'Mutes or unmutes this conversation' },
  { name: 'search', args: '[words]', description: 'Searches messages' },
  { name: 'star', description: 'Stars or unstars this conversation' },
];

/** Slack's commands for a channel's composer: each runs through the API the screen's buttons use. */
export function useSlashCommands(channel: Channel, me: User) {
  const navigate = useNavigate();
  const updateChannel = useUpdateChannel();
  const updateMembership = useUpdateMembership();
  const [leaving, setLeaving] = useState(false);
  const direct = isDirect(channel);
  const where = direct ? 'this conversation' : `#${channel.name}`;
  const membership = channel.membership;

  const run = async ({ name, rest }: TypedCommand): Promise<string | undefined> => {
    try {
      switch (name) {
        case 'topic':
          if (!rest) return 'Give the new topic: /topic Release week';
          await updateChannel.mutateAsync({ id: channel.id, topic: rest });
          return undefined;
        case 'invite':
          return await invite(channel, me, rest);
        case 'leave':
          if (channel.isDefault) return 'Everyone stays in #general.';
          setLeaving(true);
          return undefined;
        case 'mute': {
          const muted = !membership?.muted;
          await updateMembership.mutateAsync({ id: channel.id, muted });
          notify(muted ? `Muted ${where}. Type /mute again to unmute it.` : `Unmuted ${where}.`);
          return undefined;
        }
        case 'star': {
          const starred = !membership?.starred;
          await updateMembership.mutateAsync({ id: channel.id, starred });
          notify(
            starred ? `Starred ${where}: it is at the top of the sidebar.` : `Took the star off ${where}.`,
          );
          return undefined;
        }
        case 'search':
          navigate(`/search${rest ? `?q=${encodeURIComponent(rest)}` : ''}`);
          return undefined;
      }
    } catch (err) {
      return `/${name} did not work: ${describeError(err)}`;
    }
  };

  const dialog = <LeaveChannelDialog channel={channel} open={leaving} onClose={() => setLeaving(false)} />;

  return { commands: direct ? EVERYWHERE : [...ROOM_COMMANDS, ...EVERYWHERE], run, dialog };
}

/** `/invite @ann @bob`: each person by username; who could not be added is named. */
async function invite(channel: Channel, me: User, rest: string): Promise<string | undefined> {
  const names = [...new Set(rest.split(/[\s,]+/).map((n) => n.replace(/^@/, '').toLowerCase()))].filter(
    Boolean,
  );
  if (names.length === 0) return 'Name who to add: /invite @ann @bob';
  const failed: string[] = [];
  for (const name of names) {
    if (name === me.username) continue;
    try {
      const { user } = await api<UserResponse>('GET', `/users/by-username/${encodeURIComponent(name)}`);
      await api('POST', `/channels/${channel.id}/members`, { userId: user.id });
    } catch (err) {
      failed.push(`@${name}: ${describeError(err)}`);
    }
  }
  return failed.length ? `Not added to #${channel.name}. ${failed.join(' ')}` : undefined;
}
