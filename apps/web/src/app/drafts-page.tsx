import { useCallback } from 'react';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { Channel, Draft, User } from '@parley/protocol';
import { Icon } from '../components/dialog';
import { OpenSidebarButton } from '../components/open-sidebar-button';
import { openOwnText } from '../crypto/message-crypto';
import { noteDraft, useDrafts } from '../realtime/drafts';
import { useChannels } from '../realtime/use-channels';
import { useOpenedText } from '../realtime/use-opened-text';
import { channelPath, threadPath } from '../features/threads/thread-link';
import { sinceLabel, useNow } from '../features/threads/last-reply';
import './drafts-page.css';
import '../components/page-layout.css';

/** Everything typed and not sent, newest first, from this device and the others; a card goes back to it. */
export default function DraftsPage({ me }: { me: User }) {
  const { data: drafts, isLoading } = useDrafts();
  const { data: channels = [] } = useChannels();
  const byId = new Map(channels.map((c) => [c.id, c]));
  const shown = (drafts ?? []).filter((d) => byId.has(d.channelId));

  return (
    <section className="page drafts-page">
      <header className="channel-header">
        <OpenSidebarButton />
        <div className="channel-title">
          <h1>Drafts</h1>
        </div>
      </header>
      <div className="drafts-scroll">
        {isLoading ? (
          <div className="list-loading" aria-busy="true">
            Loading drafts…
          </div>
        ) : shown.length === 0 ? (
          <div className="drafts-empty">
            <h2>No drafts</h2>
            <p>
              Anything you type and don’t send is kept here, on every device you sign in on, until you send it
              or clear it.
            </p>
          </div>
        ) : (
          <ul className="drafts-list" aria-label="Drafts">
            {shown.map((draft) => (
              <li key={`${draft.channelId}:${draft.threadRootId ?? ''}`}>
                <DraftCard draft={draft} channel={byId.get(draft.channelId)!} me={me} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

function DraftCard({ draft, channel, me }: { draft: Draft; channel: Channel; me: User }) {
  const qc = useQueryClient();
  const now = useNow();
  const text = useOpenedText(
    draft,
    useCallback((d: Draft) => openOwnText(d, me.id), [me.id]),
  );
  const dm = channel.kind === 'dm' || channel.kind === 'group';
  const name = dm
    ? (channel.dmUsers?.map((u) => u.displayName).join(', ') ?? me.displayName)
    : `#${channel.name}`;
  const where = draft.threadRootId ? `Thread in ${name}` : name;
  const to = draft.threadRootId ? threadPath(channel, me, draft.threadRootId) : channelPath(channel, me);
  const discard = () =>
    noteDraft(
      {
        qc,
        channelId: channel.id,
        encrypted: channel.encrypted,
        threadRootId: draft.threadRootId,
        selfId: me.id,
      },
      '',
    );

  return (
    <div className="draft-card">
      <Link to={to} className="draft-card-link">
        <span className="draft-card-where">
          {channel.encrypted && <Icon name="lock" size={12} />}
          {where}
          <span className="draft-card-time">{sinceLabel(draft.updatedAt, now)}</span>
        </span>
        <span className="draft-card-text">{text ?? <em>Sealed draft: unlock encryption to read it</em>}</span>
      </Link>
      <button type="button" className="icon-button" aria-label={`Delete draft in ${where}`} onClick={discard}>
        <Icon name="trash" size={16} />
      </button>
    </div>
  );
}
