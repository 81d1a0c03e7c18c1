import { useCallback, useState } from 'react';
import type { Channel, NonMembersResponse, User } from '@parley/protocol';
import { BROADCAST_MENTIONS, mentionedNames } from '@parley/protocol/client';
import { api, describeError } from '../../lib/api';
import { canAddMembers } from '../../lib/channel-rights';
import { isDirect } from '../../lib/names';
import { useMemberChange } from '../../realtime/use-channels';
import { Icon } from '../dialog';
import './not-in-channel.css';

const ASKED_AT_MOST = 20;
const broadcasts: readonly string[] = BROADCAST_MENTIONS;

/** After a send, whom its @mentions named but could not reach, as Slack and Mattermost say at once. */
export function useNotInChannel(channel: Channel, me: User) {
  const [found, setFound] = useState<{ channelId: string } & NonMembersResponse>();
  const check = useCallback(
    (text: string) => {
      if (isDirect(channel)) return;
      const names = mentionedNames(text)
        .filter((n) => n !== me.username && !broadcasts.includes(n))
        .slice(0, ASKED_AT_MOST);
      if (names.length === 0) return;
      const query = new URLSearchParams({ usernames: names.join(',') });
      api<NonMembersResponse>('GET', `/channels/${channel.id}/non-members?${query}`).then(
        (answer) => answer.users.length > 0 && setFound({ channelId: channel.id, ...answer }),
        // Offline or refused: the message went (or waits) all the same; there is nothing to offer.
        () => {},
      );
    },
    [channel, me.username],
  );
  const shown = found?.channelId === channel.id ? found : undefined;
  return {
    users: shown?.users ?? [],
    total: shown?.total ?? 0,
    check,
    dismiss: useCallback(() => setFound(undefined), []),
  };
}

/** "Bob isn't in #design": add them, or leave it; only the sender sees it. `total` counts people beyond `users`. */
export function NotInChannelNotice({
  channel,
  me,
  users,
  total = users.length,
  onDone,
}: {
  channel: Channel;
  me: User;
  users: User[];
  total?: number;
  onDone: () => void;
}) {
  const { add } = useMemberChange(channel.id);
  const [error, setError] = useState<string>();
  if (users.length === 0) return null;
  const tooMany = total > users.length;
  const canAdd = canAddMembers(channel, me) && !tooMany;
  const one = total === 1;
  const addAll = async () => {
    setError(undefined);
    try {
      for (const user of users) await add.mutateAsync(user.id);
      onDone();
    } catch (err) {
      setError(describeError(err));
    }
  };
  return (
    <div className="not-in-channel" role="status" data-testid="not-in-channel">
      <Icon name="users" size={16} />
      <p>
        <strong>{listNames(users, total)}</strong> {one ? "isn't" : "aren't"} in #{channel.name}, so they
        weren't notified.{' '}
        {canAdd
          ? "Add them? They'll see the channel's history."
          : tooMany
            ? "That's more than can be added from here: add them from the channel's members."
            : "Only the channel's admins can add people."}
      </p>
      <div className="not-in-channel-actions">
        {canAdd && (
          <button
            type="button"
            className="button button-small"
            disabled={add.isPending}
            onClick={() => void addAll()}
          >
            {one ? `Add ${users[0]!.displayName}` : `Add ${users.length} people`}
          </button>
        )}
        <button type="button" className="button button-small button-ghost" onClick={onDone}>
          {canAdd ? "Don't add" : 'OK'}
        </button>
      </div>
      {error && (
        <p className="error-note" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

function listNames(users: User[], total: number): string {
  const names = users.map((u) => u.displayName);
  if (total <= 2) return names.join(' and ');
  if (total === 3) return `${names[0]}, ${names[1]} and ${names[2]}`;
  return `${names[0]}, ${names[1]} and ${total - 2} others`;
}
