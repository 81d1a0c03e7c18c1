import { useEffect } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Channel, ChannelResponse, User, UserResponse } from '@parley/protocol';
import { api, describeError } from '../lib/api';
import { keys } from '../realtime/keys';
import { upsertChannel } from '../realtime/merge';
import { NotFound } from './channel-route';
import { useChannels } from '../realtime/use-channels';
import { ChannelView } from './channel-screen';

export function DmRoute({ me }: { me: User }) {
  const { username = '' } = useParams();
  const [search] = useSearchParams();
  const encrypted = search.get('e2e') === '1';
  const qc = useQueryClient();
  const { data: channels } = useChannels();
  const other = useQuery({
    queryKey: ['user', username],
    queryFn: async () =>
      (await api<UserResponse>('GET', `/users/by-username/${encodeURIComponent(username)}`)).user,
    retry: false,
  });
  const existing = channels?.find(
    (c) =>
      c.kind === 'dm' &&
      c.encrypted === encrypted &&
      (other.data?.id === me.id ? !c.dmUsers?.length : c.dmUsers?.some((u) => u.id === other.data?.id)),
  );
  const open = useMutation({
    mutationFn: (userId: string) =>
      api<ChannelResponse>('POST', '/dms', { userId, ...(encrypted ? { encrypted } : {}) }),
    onSuccess: ({ channel }) => qc.setQueryData<Channel[]>(keys.channels, (c) => upsertChannel(c, channel)),
  });
  const { mutate, isIdle } = open;
  useEffect(() => {
    if (channels && other.data && !existing && isIdle) mutate(other.data.id);
  }, [channels, other.data, existing, isIdle, mutate]);

  if (other.isError) return <NotFound what={`@${username}`} />;
  if (open.error) return <p className="error-note">{describeError(open.error)}</p>;
  if (!existing) return <div className="list-loading">Opening conversation…</div>;
  return <ChannelView key={existing.id} channel={existing} me={me} />;
}

/** A group DM by its id: /g/:channelId. */
export function GroupRoute({ me }: { me: User }) {
  const { channelId = '' } = useParams();
  const { data: channels, isLoading } = useChannels();
  const group = channels?.find((c) => c.id === channelId && c.kind === 'group');
  if (isLoading) return <div className="list-loading">Opening conversation…</div>;
  if (!group) return <NotFound what="this conversation" />;
  return <ChannelView key={group.id} channel={group} me={me} />;
}
