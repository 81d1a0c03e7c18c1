import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ChannelRetentionBody,
  Channel,
  ChannelResponse,
  ChannelsResponse,
  CreateChannelBody,
  Member,
  MembersResponse,
  UpdateChannelBody,
  UpdateMembershipBody,
} from '@parley/protocol';
import { api } from '../lib/api';
import { keys } from './keys';
import { upsertChannel } from './merge';

export function useChannels() {
  return useQuery({
    queryKey: keys.channels,
    queryFn: async () => (await api<ChannelsResponse>('GET', '/channels')).channels,
  });
}

export function useBrowseChannels(enabled: boolean) {
  return useQuery({
    queryKey: ['channels', 'browse'],
    queryFn: async () => (await api<ChannelsResponse>('GET', '/channels?scope=browse')).channels,
    enabled,
    staleTime: 0,
    refetchOnMount: 'always',
  });
}

/** Every member, page after page: for what needs them all (an encrypted channel's key checks). */
export function useMembers(channelId: string | undefined) {
  return useQuery({
    queryKey: keys.members(channelId ?? ''),
    queryFn: async (): Promise<Member[]> => {
      const members: Member[] = [];
      let cursor = '';
      do {
        const page = await api<MembersResponse>(
          'GET',
          `/channels/${channelId}/members?limit=200${cursor ? `&cursor=${cursor}` : ''}`,
        );
        members.push(...page.members);
        cursor = page.nextCursor ?? '';
      } while (cursor);
      return members;
    },
    enabled: !!channelId,
  });
}

function useChannelWrite<T>(fn: (vars: T) => Promise<ChannelResponse>, onError?: (err: Error) => void) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onError,
    onSuccess: ({ channel }) => qc.setQueryData<Channel[]>(keys.channels, (c) => upsertChannel(c, channel)),
  });
}

/** An admin's retention for one channel: only the channel's entry changes, never whether it is listed. */
export function useSetChannelRetention() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, retention }: ChannelRetentionBody & { id: string }) =>
      api<ChannelResponse>('PUT', `/channels/${id}/retention`, { retention }),
    onSuccess: ({ channel }) => {
      qc.setQueryData<Channel[]>(keys.channels, (list) =>
        list?.map((c) => (c.id === channel.id ? { ...c, retention: channel.retention } : c)),
      );
      void qc.invalidateQueries({ queryKey: ['admin', 'retention-channels'] });
    },
  });
}

export const useCreateChannel = () =>
  useChannelWrite((body: CreateChannelBody) => api<ChannelResponse>('POST', '/channels', body));

export const useJoinChannel = () =>
  useChannelWrite((id: string) => api<ChannelResponse>('POST', `/channels/${id}/join`));

export const useUpdateChannel = () =>
  useChannelWrite(({ id, ...body }: UpdateChannelBody & { id: string }) =>
    api<ChannelResponse>('PATCH', `/channels/${id}`, body),
  );

/** The caller's own settings for a conversation (notify, muted, starred); their other tabs hear channel:updated. */
export const useUpdateMembership = (onError?: (err: Error) => void) =>
  useChannelWrite(
    ({ id, ...body }: UpdateMembershipBody & { id: string }) =>
      api<ChannelResponse>('PATCH', `/channels/${id}/membership`, body),
    onError,
  );

export function useLeaveChannel() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<void>('POST', `/channels/${id}/leave`),
    onSuccess: (_, id) => qc.setQueryData<Channel[]>(keys.channels, (c) => c?.filter((x) => x.id !== id)),
  });
}

export function useMemberChange(channelId: string) {
  const qc = useQueryClient();
  const refresh = () => qc.invalidateQueries({ queryKey: keys.members(channelId) });
  const add = useMutation({
    mutationFn: (userId: string) => api('POST', `/channels/${channelId}/members`, { userId }),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: (userId: string) => api('DELETE', `/channels/${channelId}/members/${userId}`),
    onSuccess: refresh,
  });
  return { add, remove };
}
