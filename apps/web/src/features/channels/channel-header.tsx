import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { Channel, User } from '@parley/protocol';
import { Icon } from '../../components/dialog';
import { describeError } from '../../lib/api';
import { dmName } from '../messages/channel-view';
import { useLeaveChannel, useUpdateChannel } from './use-channels';
import { OpenSidebarButton } from './open-sidebar-button';

export function ChannelHeader({
  channel,
  me,
  onToggleMembers,
}: {
  channel: Channel;
  me: User;
  onToggleMembers: () => void;
}) {
  const navigate = useNavigate();
  const update = useUpdateChannel();
  const leave = useLeaveChannel();
  const [editingTopic, setEditingTopic] = useState(false);
  const [topic, setTopic] = useState(channel.topic);
  const isDm = channel.kind === 'dm' || channel.kind === 'group';
  const canManage = channel.membership?.role === 'admin' || me.role === 'owner' || me.role === 'admin';

  const saveTopic = () => {
    setEditingTopic(false);
    if (topic.trim() !== channel.topic) update.mutate({ id: channel.id, topic: topic.trim() });
  };

  return (
    <header className="channel-header">
      <OpenSidebarButton />
      <div className="channel-title">
        <h1>
          {isDm ? (
            dmName(channel, me)
          ) : (
            <>
              <span className="hash">
                {channel.kind === 'private' ? <Icon name="lock" size={16} /> : '#'}
              </span>
              {channel.name}
            </>
          )}
          {channel.encrypted && (
            <span className="badge badge-lock" title="End-to-end encrypted">
              <Icon name="lock" size={12} /> Encrypted
            </span>
          )}
          {channel.archivedAt && <span className="badge">Archived</span>}
        </h1>
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
        <button
          type="button"
          className="chip"
          onClick={onToggleMembers}
          aria-label={`Members (${channel.memberCount})`}
        >
          <Icon name="users" size={16} /> {channel.memberCount}
        </button>
        {!isDm && canManage && (
          <button
            type="button"
            className="icon-button"
            aria-label={channel.archivedAt ? 'Unarchive channel' : 'Archive channel'}
            title={channel.archivedAt ? 'Unarchive channel' : 'Archive channel'}
            onClick={() => {
              if (
                channel.archivedAt ||
                window.confirm(`Archive #${channel.name}? Members can still read it.`)
              ) {
                update.mutate({ id: channel.id, archived: !channel.archivedAt });
              }
            }}
          >
            <Icon name="archive" />
          </button>
        )}
        {!isDm && channel.membership && (
          <button
            type="button"
            className="icon-button"
            aria-label="Leave channel"
            title="Leave channel"
            onClick={() => {
              if (window.confirm(`Leave #${channel.name}?`))
                leave.mutate(channel.id, { onSuccess: () => navigate('/') });
            }}
          >
            <Icon name="logout" />
          </button>
        )}
      </div>
    </header>
  );
}
