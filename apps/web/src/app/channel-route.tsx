import { useEffect, useState } from 'react';
import { isDirect } from '../lib/names';
import { Link, Navigate, useLocation, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import type { MessageResponse, User } from '@parley/protocol';
import { ChannelView } from './channel-screen';
import { useBrowseChannels, useChannels, useJoinChannel } from '../realtime/use-channels';
import { api, describeError } from '../lib/api';
import './channel-screen.css';

export const LAST_CHANNEL_KEY = 'parley.lastChannel';

export function ChannelRoute({ me }: { me: User }) {
  const { channel: name, linkedId, messageId } = useParams();
  const { data: channels, isLoading } = useChannels();
  const joined = channels?.find((c) => c.name === name && !isDirect(c));
  // A link made before a rename names the old channel: its message says where it lives now.
  const linked = linkedId ?? messageId;
  const moved = useQuery({
    queryKey: ['message-home', linked],
    queryFn: async () => (await api<MessageResponse>('GET', `/messages/${linked}`)).message.channelId,
    enabled: !!linked && !isLoading && !joined,
    retry: false,
  });
  const home = moved.data ? channels?.find((c) => c.id === moved.data && !isDirect(c)) : undefined;
  const browse = useBrowseChannels(!isLoading && !joined);
  const join = useJoinChannel();
  const location = useLocation();
  // The channel on screen, by id: when it is renamed, the address follows it.
  const [shownId, setShownId] = useState<string>();
  const joinedId = joined?.id;
  const joinedName = joined?.name;
  useEffect(() => {
    if (joinedId) setShownId(joinedId);
  }, [joinedId]);
  // Once per channel, not on every render: a storage write blocks the page.
  useEffect(() => {
    if (joinedName) localStorage.setItem(LAST_CHANNEL_KEY, joinedName);
  }, [joinedName]);
  if (joined) {
    return <ChannelView key={joined.id} channel={joined} me={me} />;
  }
  const renamed = shownId ? channels?.find((c) => c.id === shownId) : undefined;
  if (renamed) {
    const rest = location.pathname.split('/').slice(3).join('/');
    return <Navigate to={`/c/${renamed.name}${rest ? `/${rest}` : ''}`} replace />;
  }
  if (home && home.name !== name)
    return <Navigate to={location.pathname.replace(`/c/${name}/`, `/c/${home.name}/`)} replace />;
  if (isLoading || browse.isLoading || moved.isLoading) return <div className="list-loading">Loading…</div>;
  const preview = browse.data?.find((c) => c.name === name);
  if (!preview) return <NotFound what={`#${name}`} />;
  return (
    <div className="join-preview">
      <h2># {preview.name}</h2>
      <p className="muted">
        {preview.topic || 'A public channel.'} · {preview.memberCount} members
      </p>
      {join.error && (
        <p className="error-note" role="alert">
          {describeError(join.error)}
        </p>
      )}
      <button type="button" className="button" onClick={() => join.mutate(preview.id)}>
        Join #{preview.name}
      </button>
    </div>
  );
}

export function HomeRoute() {
  const { data: channels } = useChannels();
  if (!channels) return <div className="list-loading">Loading…</div>;
  const last = localStorage.getItem(LAST_CHANNEL_KEY);
  const target =
    channels.find((c) => c.name === last) ??
    channels.find((c) => c.name === 'general') ??
    channels.find((c) => !isDirect(c));
  return target ? <Navigate to={`/c/${target.name}`} replace /> : <NotFound what="any channel" />;
}

export function NotFound({ what }: { what?: string }) {
  return (
    <div className="not-found">
      <h1>404</h1>
      <p>{what ? `We couldn’t find ${what}.` : 'This page does not exist.'}</p>
      <Link className="button" to="/">
        Go to Parley
      </Link>
    </div>
  );
}
