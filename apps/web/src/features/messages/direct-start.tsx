import type { Channel } from '@parley/protocol';
import { Avatar } from '../../components/avatar';

/** The top of a DM, as Slack shows it: who is in it, by face and name, and that it is only between them. */
export function DirectStart({ channel }: { channel: Channel }) {
  const people = channel.dmUsers ?? [];
  if (people.length === 0)
    return (
      <>
        <strong>This is your space</strong>
        <span>Draft messages, keep notes and links here: only you see it.</span>
      </>
    );
  const names = people.map((u) => u.displayName);
  const between =
    names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
  return (
    <>
      <span className="direct-start-faces">
        {people.slice(0, 4).map((u) => (
          <Avatar key={u.id} name={u.displayName} username={u.username} photo={u.avatarId} size={56} />
        ))}
      </span>
      <strong>{names.join(', ')}</strong>
      <span>This conversation is just between you and {between}.</span>
    </>
  );
}
