import { Suspense, useRef, useState } from 'react';
import type { Channel, User } from '@parley/protocol';
import { lazyChunk } from '../../lib/load-chunk';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { Icon } from '../../components/dialog';
import { describeError } from '../../lib/api';
import { dmName } from '../../lib/names';
import { isInstanceAdmin, managesChannel } from '../../lib/channel-rights';
import { daysWords } from '../../lib/retention';
import { PHONE, useMediaQuery } from '../../lib/use-media-query';
import { useUpdateChannel } from '../../realtime/use-channels';
import { OpenSidebarButton } from '../../components/open-sidebar-button';
import { ChannelMenu, type ChannelAction } from './channel-menu';
import { downloadHistory } from './download-history';
import { StarButton, useStarred } from './star-button';
import { LeaveChannelDialog } from './leave-channel-dialog';
import '../../components/page-layout.css';
import './channels.css';

const NotifyMenu = lazyChunk(() => import('./notify-menu'));
const RenameChannelDialog = lazyChunk(() => import('./rename-channel-dialog'));
const RetentionDialog = lazyChunk(() => import('../../components/retention-dialog'));

export function ChannelHeader({
  channel,
  me,
  onToggleMembers,
  extraActions,
  tucked,
  menuExtras = [],
}: {
  channel: Channel;
  me: User;
  onToggleMembers: () => void;
  /** What other features put in the header (the pinned list). */
  extraActions?: React.ReactNode;
  /** Their entries in the actions menu, where a phone keeps them instead of as buttons. */
  tucked: ChannelAction[];
  /** Other features' entries after the channel's own (webhooks), before export and leave. */
  menuExtras?: ChannelAction[];
}) {
  const update = useUpdateChannel();
  const [editingTopic, setEditingTopic] = useState(false);
  const [confirming, setConfirming] = useState<'archive' | 'leave'>();
  const [bellOpen, setBellOpen] = useState(false);
  const [renaming, setRenaming] = useState(false);
  const [retaining, setRetaining] = useState(false);
  const bell = useRef<HTMLButtonElement>(null);
  const more = useRef<HTMLButtonElement>(null);
  const phone = useMediaQuery(PHONE);
  const [topic, setTopic] = useState(channel.topic);
  const isDm = channel.kind === 'dm' || channel.kind === 'group';
  const canManage = managesChannel(channel, me);
  const star = useStarred(channel);

  const actions: ChannelAction[] = [...tucked];
  if (phone && channel.membership)
    actions.push({ label: star.starred ? 'Remove from Starred' : 'Add to Starred', run: star.toggle });
  if (phone && channel.membership)
    actions.push({
      label: 'Notifications',
      hint: capitalize(bellLabel(channel)),
      run: () => setBellOpen(true),
    });
  if (!isDm && canManage && !channel.isDefault) {
    if (!channel.archivedAt) actions.push({ label: 'Rename channel', run: () => setRenaming(true) });
    actions.push(
      channel.archivedAt
        ? { label: 'Unarchive channel', run: () => update.mutate({ id: channel.id, archived: false }) }
        : { label: 'Archive channel', run: () => setConfirming('archive') },
    );
  }
  actions.push(...menuExtras);
  if (!isDm && isInstanceAdmin(me))
    actions.push({ label: 'Message retention', hint: retentionHint(channel), run: () => setRetaining(true) });
  // An encrypted conversation's export would hold only sealed text: the browser reads it, not a file.
  if (channel.membership && !channel.encrypted)
    actions.push({
      label: 'Export history',
      hint: 'A JSON file of every message',
      run: () => downloadHistory(channel.id),
    });
  if (!isDm && channel.membership && !channel.isDefault)
    actions.push({ label: 'Leave channel', run: () => setConfirming('leave') });

  const saveTopic = () => {
    setEditingTopic(false);
    if (topic.trim() !== channel.topic) update.mutate({ id: channel.id, topic: topic.trim() });
  };

  return (
    <header className="channel-header">
      <OpenSidebarButton />
      <div className="channel-title">
        <div className="channel-title-row">
          <h1>
            {isDm ? (
              <span className="channel-name">{dmName(channel, me)}</span>
            ) : (
              <>
                <span className="hash">
                  {channel.kind === 'private' ? <Icon name="lock" size={16} /> : '#'}
                </span>
                <span className="channel-name">{channel.name}</span>
              </>
            )}
            {channel.encrypted && (
              <span className="badge badge-lock" title="End-to-end encrypted">
                <Icon name="lock" size={12} /> Encrypted
              </span>
            )}
            {channel.archivedAt && <span className="badge">Archived</span>}
          </h1>
          {channel.membership && !phone && <StarButton starred={star.starred} onToggle={star.toggle} />}
        </div>
        {!isDm &&
          (editingTopic ? (
            <input
              className="topic-input"
              aria-label="Channel topic"
              autoFocus
              value={topic}
              maxLength={250}
              onChange={(e) => setTopic(e.target.value)}
              onBlur={saveTopic}
              onKeyDown={(e) => {
                if (e.key === 'Enter') saveTopic();
                if (e.key === 'Escape') {
                  setTopic(channel.topic);
                  setEditingTopic(false);
                }
              }}
            />
          ) : (
            <button
              type="button"
              className="topic"
              disabled={!channel.membership || !!channel.archivedAt}
              onClick={() => {
                setTopic(channel.topic);
                setEditingTopic(true);
              }}
              title="Edit topic"
            >
              {channel.topic || (channel.membership ? 'Add a topic' : '')}
            </button>
          ))}
      </div>
      {update.error && (
        <span className="header-error" role="alert">
          {describeError(update.error)}
        </span>
      )}
      <div className="header-actions">
        {extraActions}
        {channel.membership && (
          <div className="menu-anchor">
            {!phone && (
              <button
                ref={bell}
                type="button"
                className="icon-button"
                aria-label={`Notifications: ${bellLabel(channel)}`}
                title={`Notifications: ${bellLabel(channel)}`}
                aria-haspopup="menu"
                aria-expanded={bellOpen}
                onClick={() => setBellOpen((v) => !v)}
              >
                <Icon
                  name={channel.membership.muted || channel.membership.notify === 'none' ? 'bellOff' : 'bell'}
                />
              </button>
            )}
            {bellOpen && (
              <Suspense fallback={null}>
                <NotifyMenu
                  channel={channel}
                  onClose={(refocus) => {
                    setBellOpen(false);
                    if (refocus) (bell.current ?? more.current)?.focus();
                  }}
                />
              </Suspense>
            )}
          </div>
        )}
        <button
          type="button"
          className="chip"
          onClick={onToggleMembers}
          aria-label={`Members (${channel.memberCount})`}
        >
          <Icon name="users" size={16} /> {channel.memberCount}
        </button>
        <ChannelMenu actions={actions} buttonRef={more} />
      </div>
      {renaming && (
        <Suspense fallback={null}>
          <RenameChannelDialog channel={channel} onClose={() => setRenaming(false)} />
        </Suspense>
      )}
      {retaining && (
        <Suspense fallback={null}>
          <RetentionDialog channel={channel} onClose={() => setRetaining(false)} />
        </Suspense>
      )}
      <ConfirmDialog
        open={confirming === 'archive'}
        title={`Archive #${channel.name}?`}
        confirmLabel="Archive channel"
        danger
        busy={update.isPending}
        onClose={() => setConfirming(undefined)}
        onConfirm={() =>
          update.mutate({ id: channel.id, archived: true }, { onSuccess: () => setConfirming(undefined) })
        }
      >
        <p>
          No one can post in it any more. Members can still read and search its history, and an admin can
          unarchive it.
        </p>
      </ConfirmDialog>
      <LeaveChannelDialog
        channel={channel}
        open={confirming === 'leave'}
        onClose={() => setConfirming(undefined)}
      />
    </header>
  );
}

const retentionHint = (channel: Channel) =>
  !channel.retention
    ? 'As the team does'
    : channel.retention.days === null
      ? 'Forever'
      : capitalize(daysWords(channel.retention.days));

const capitalize = (text: string) => text[0]!.toUpperCase() + text.slice(1);

function bellLabel(channel: Channel): string {
  const m = channel.membership!;
  const level = { all: 'all new messages', mentions: 'mentions only', none: 'nothing' }[m.notify];
  return m.muted ? `muted, ${level}` : level;
}
