import { Suspense, useRef, useState, type ReactNode } from 'react';
import { NavLink } from 'react-router';
import type { Channel, User } from '@parley/protocol';
import { lazyChunk } from '../lib/load-chunk';
import { Avatar } from '../components/avatar';
import { ChunkBoundary } from '../components/chunk-boundary';
import { Icon } from '../components/dialog';
import { usePresence } from '../realtime/use-users';
import { UserMenu } from './user-menu';
import { NotificationPrompt } from './notification-prompt';
import { useUnreadThreadCount } from '../features/threads/use-thread';
import { closeSidebar, sidebarOpen } from '../lib/sidebar-state';
import { PHONE, useMediaQuery } from '../lib/use-media-query';
import { useStore } from '../lib/store';
import { useChannels } from '../realtime/use-channels';
import { conversationPath, pausedUntil } from '../lib/names';
import { useDrafts } from '../realtime/drafts';
import { useScheduled } from '../realtime/scheduled';
import { unreadState } from '../realtime/merge';
import { useUnreadTitle } from '../features/channels/use-unread-title';
import { shortcutDialog } from './use-shortcuts';
import { useDrawer } from './use-drawer';
import { useConversationKeys } from './use-conversation-keys';
import { MarkAllReadButton, MarkAllReadDialog } from './mark-all-read';
import { sidebarSections } from './sidebar-sections';
import './sidebar.css';

const JUMP_KEYS = /Mac|iPhone|iPad/.test(navigator.platform) ? '⌘K' : 'Ctrl K';

// Dialogs open on a click: they load then, not with the first screen.
const NewDmDialog = lazyChunk(() =>
  import('../features/dms/new-dm-dialog').then((m) => ({ default: m.NewDmDialog })),
);
const BrowseChannelsDialog = lazyChunk(() =>
  import('../features/channels/browse-channels-dialog').then((m) => ({ default: m.BrowseChannelsDialog })),
);
const InviteDialog = lazyChunk(() =>
  import('../features/invites/invite-dialog').then((m) => ({ default: m.InviteDialog })),
);
const CreateChannelDialog = lazyChunk(() =>
  import('../features/channels/create-channel-dialog').then((m) => ({ default: m.CreateChannelDialog })),
);

export function Sidebar({ me }: { me: User }) {
  // A closed drawer is off screen: nothing in it may take focus.
  const phone = useMediaQuery(PHONE);
  const open = useStore(sidebarOpen);
  const hidden = phone && !open;
  const nav = useRef<HTMLElement>(null);
  useDrawer(nav, phone && open);
  const { data: channels = [] } = useChannels();
  useUnreadTitle(channels);
  const [dialog, setDialog] = useState<'create' | 'browse' | 'dm' | 'invite'>();
  const { starred, rooms, dms } = sidebarSections(channels);
  const unreadThreads = useUnreadThreadCount();
  const { data: drafts = [] } = useDrafts();
  const { data: scheduled = [] } = useScheduled();
  const notSent = scheduled.filter((s) => s.failedCode).length;
  const drafted = new Set(drafts.filter((d) => !d.threadRootId).map((d) => d.channelId));
  useConversationKeys(
    [...starred, ...rooms, ...dms].map((c) => ({
      path: conversationPath(c, me),
      unread: unreadState(c).bold,
    })),
  );

  return (
    <nav ref={nav} className="sidebar" aria-label="Channels and direct messages" inert={hidden}>
      <header className="sidebar-header">
        <span className="brand">
          <img src="/favicon.svg" alt="" width={24} height={24} /> Parley
        </span>
        <UserMenu me={me} />
      </header>
      <button type="button" className="sidebar-jump" onClick={() => shortcutDialog.set('switcher')}>
        <Icon name="search" size={14} />
        <span>Jump to…</span>
        <kbd aria-label={`shortcut ${JUMP_KEYS}`}>{JUMP_KEYS}</kbd>
      </button>
      <NotificationPrompt />
      <div className="sidebar-scroll">
        <div className="sidebar-section">
          <ul>
            <ViewLink
              to="/threads"
              icon={<Icon name="message" size={14} />}
              label="Threads"
              unread={unreadThreads > 0}
            >
              {unreadThreads > 0 && (
                <span
                  className="unread-badge"
                  aria-label={`${unreadThreads} ${unreadThreads === 1 ? 'thread' : 'threads'} with unread replies`}
                >
                  {unreadThreads}
                </span>
              )}
            </ViewLink>
            <ViewLink to="/search" icon={<Icon name="search" size={14} />} label="Search" />
            <ViewLink to="/mentions" icon={<span className="hash">@</span>} label="Mentions" />
            <ViewLink to="/saved" icon={<Icon name="bookmark" size={14} />} label="Saved" />
            <ViewLink to="/drafts" icon={<Icon name="edit" size={14} />} label="Drafts">
              {drafts.length > 0 && (
                <span className="sidebar-count" aria-label={`${drafts.length} unsent`}>
                  {drafts.length}
                </span>
              )}
            </ViewLink>
            {scheduled.length > 0 && (
              <ViewLink to="/scheduled" icon={<Icon name="clock" size={14} />} label="Scheduled">
                {notSent > 0 ? (
                  <span className="unread-badge" aria-label={`${notSent} not sent`}>
                    {notSent}
                  </span>
                ) : (
                  <span className="sidebar-count" aria-label={`${scheduled.length} waiting`}>
                    {scheduled.length}
                  </span>
                )}
              </ViewLink>
            )}
          </ul>
        </div>
        {starred.length > 0 && (
          <Section title="Starred">
            {starred.map((c) => (
              <ConversationLink key={c.id} channel={c} me={me} drafted={drafted.has(c.id)} />
            ))}
          </Section>
        )}
        <Section title="Channels" onAdd={() => setDialog('create')} addLabel="Create a channel">
          {rooms.map((c) => (
            <ConversationLink key={c.id} channel={c} me={me} drafted={drafted.has(c.id)} />
          ))}
          <li>
            <button type="button" className="sidebar-link sidebar-action" onClick={() => setDialog('browse')}>
              <Icon name="search" size={14} /> Browse channels
            </button>
          </li>
        </Section>
        <Section title="Direct messages" onAdd={() => setDialog('dm')} addLabel="New direct message">
          {dms.map((c) => (
            <ConversationLink key={c.id} channel={c} me={me} drafted={drafted.has(c.id)} />
          ))}
        </Section>
        <MarkAllReadButton channels={channels} />
        {me.role !== 'guest' && (
          <button
            type="button"
            className="sidebar-link sidebar-action sidebar-invite"
            onClick={() => setDialog('invite')}
          >
            <Icon name="userPlus" size={14} /> Invite people
          </button>
        )}
      </div>
      {/* A dialog that could not load leaves a note here, not a blank app; choosing another clears it. */}
      <ChunkBoundary resetKey={dialog}>
        <Suspense fallback={null}>
          {dialog === 'create' && <CreateChannelDialog open onClose={() => setDialog(undefined)} />}
          {dialog === 'browse' && <BrowseChannelsDialog open onClose={() => setDialog(undefined)} />}
          {dialog === 'dm' && <NewDmDialog open me={me} onClose={() => setDialog(undefined)} />}
          {dialog === 'invite' && <InviteDialog me={me} onClose={() => setDialog(undefined)} />}
          <MarkAllReadDialog channels={channels} />
        </Suspense>
      </ChunkBoundary>
    </nav>
  );
}

function Section({
  title,
  onAdd,
  addLabel,
  children,
}: {
  title: string;
  onAdd?: () => void;
  addLabel?: string;
  children: React.ReactNode;
}) {
  return (
    <section className="sidebar-section" aria-label={title}>
      <h2>
        {title}
        {onAdd && (
          <button
            type="button"
            className="icon-button"
            aria-label={addLabel}
            title={addLabel}
            onClick={onAdd}
          >
            <Icon name="plus" size={16} />
          </button>
        )}
      </h2>
      <ul>{children}</ul>
    </section>
  );
}

/** A channel or DM in the sidebar, with its icon: #, a lock, the other person's avatar, or a group's size. */
function ConversationLink({ channel: c, me, drafted }: { channel: Channel; me: User; drafted: boolean }) {
  const { data: presence = {} } = usePresence();
  if (c.kind === 'public' || c.kind === 'private')
    return (
      <ChannelLink
        channel={c}
        to={`/c/${c.name}`}
        label={c.name}
        drafted={drafted}
        icon={c.kind === 'private' ? <Icon name="lock" size={14} /> : <span className="hash">#</span>}
      />
    );
  const other = c.dmUsers?.[0] ?? me;
  return (
    <ChannelLink
      channel={c}
      drafted={drafted}
      to={conversationPath(c, me)}
      label={c.dmUsers?.length ? c.dmUsers.map((u) => u.displayName).join(', ') : `${me.displayName} (you)`}
      icon={
        c.kind === 'group' ? (
          <span className="group-count" aria-hidden="true">
            {(c.dmUsers?.length ?? 0) + 1}
          </span>
        ) : (
          <Avatar
            name={other.displayName}
            username={other.username}
            photo={other.avatarId}
            size={20}
            presence={presence[other.id] ?? 'offline'}
            paused={!!pausedUntil(other)}
          />
        )
      }
    />
  );
}

function ChannelLink({
  channel,
  to,
  label,
  icon,
  drafted,
}: {
  channel: Channel;
  to: string;
  label: string;
  icon: React.ReactNode;
  drafted: boolean;
}) {
  const { badge, bold } = unreadState(channel);
  return (
    <li>
      <NavLink
        to={to}
        onClick={closeSidebar}
        className={({ isActive }) =>
          `sidebar-link ${isActive ? 'active' : ''} ${bold ? 'unread' : ''} ${channel.membership?.muted ? 'muted' : ''} ${channel.archivedAt ? 'archived' : ''}`
        }
      >
        <span className="sidebar-icon">{icon}</span>
        <span className="sidebar-label">{label}</span>
        {channel.encrypted && (
          <span className="sidebar-lock" title="End-to-end encrypted">
            <Icon name="lock" size={12} />
            <span className="sr-only">, end-to-end encrypted</span>
          </span>
        )}
        {drafted && (
          <span className="sidebar-draft" title="Draft">
            <Icon name="edit" size={12} />
            <span className="sr-only">, has a draft</span>
          </span>
        )}
        {channel.membership?.muted && <span className="sr-only">, muted</span>}
        {badge > 0 && (
          <span className="unread-badge" aria-label={badgeLabel(channel, badge)}>
            {badge > 99 ? '99+' : badge}
          </span>
        )}
      </NavLink>
    </li>
  );
}

const badgeLabel = (channel: Channel, badge: number) =>
  channel.membership?.notify === 'all' && !channel.membership.muted
    ? `${badge} unread`
    : `${badge} ${badge === 1 ? 'mention' : 'mentions'}`;

/** One of the views above the conversations (Threads, Mentions, Drafts…), with what it counts. */
function ViewLink(props: {
  to: string;
  icon: ReactNode;
  label: string;
  unread?: boolean;
  children?: ReactNode;
}) {
  return (
    <li>
      <NavLink
        to={props.to}
        onClick={closeSidebar}
        className={({ isActive }) =>
          `sidebar-link ${isActive ? 'active' : ''} ${props.unread ? 'unread' : ''}`
        }
      >
        <span className="sidebar-icon">{props.icon}</span>
        <span className="sidebar-label">{props.label}</span>
        {props.children}
      </NavLink>
    </li>
  );
}
