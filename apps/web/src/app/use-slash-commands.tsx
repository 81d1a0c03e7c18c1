import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import type { Channel, ChannelCommandsResponse, User, UserResponse } from '@parley/protocol';
import {
  TEXT_COMMANDS,
  type CommandSource,
  type SlashCommand,
  type TypedCommand,
} from '../components/message/slash-commands';
import { api, describeError } from '../lib/api';
import { isDirect } from '../lib/names';
import { notify } from '../realtime/notices';
import { useUpdateChannel, useUpdateMembership } from '../realtime/use-channels';
import { keys } from '../realtime/keys';
import { useUserMap } from '../realtime/use-users';
import { LeaveChannelDialog } from '../features/channels/leave-channel-dialog';

/** The commands the web client runs itself, in RESERVED_COMMANDS so no bot takes their names. */
export const builtInCommands = () => [...ROOM_COMMANDS, ...EVERYWHERE, ...TEXT_COMMANDS].map((c) => c.name);

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
  const users = useUserMap();
  // The slash commands of the bots in this conversation, run through them (Admin → Bots).
  // Asked for only once a `/` is typed, so opening a conversation costs no extra request.
  const [wantedIn, setWantedIn] = useState<string>();
  const botCommands = useQuery({
    queryKey: keys.channelCommands(channel.id),
    queryFn: () => api<ChannelCommandsResponse>('GET', `/channels/${channel.id}/commands`),
    staleTime: 30_000,
    enabled: wantedIn === channel.id,
  }).data?.commands;
  const channelId = channel.id;
  const want = useCallback(() => setWantedIn(channelId), [channelId]);
  const botName = (id: string) => users.get(id)?.displayName ?? 'a bot';

  const run = async ({ name, rest }: TypedCommand, threadRootId?: string): Promise<string | undefined> => {
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
        default: {
          const bot = botCommands?.find((c) => c.name === name);
          if (!bot) return undefined;
          await api('POST', `/channels/${channel.id}/commands/${name}`, {
            text: rest,
            ...(threadRootId && { threadRootId }),
          });
          notify(`/${name} went to ${botName(bot.botId)}.`);
          return undefined;
        }
      }
    } catch (err) {
      return `/${name} did not work: ${describeError(err)}`;
    }
  };

  const dialog = <LeaveChannelDialog channel={channel} open={leaving} onClose={() => setLeaving(false)} />;

  const fromBots: SlashCommand[] = (botCommands ?? []).map((c) => ({
    name: c.name,
    args: c.args,
    description: `${c.description} · ${botName(c.botId)}`,
  }));
  const source: CommandSource = {
    commands: [...(direct ? EVERYWHERE : [...ROOM_COMMANDS, ...EVERYWHERE]), ...fromBots],
    run,
    want,
  };
  return { ...source, dialog };
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
