import { useCallback, useId, useMemo, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Channel } from '@parley/protocol';
import { sendMessage } from '../../realtime/send';
import { useDraft } from '../../realtime/drafts';
import { channelNames, mentionSource } from '../../realtime/mention-source';
import { currentSocket } from '../../realtime/sync';
import { Composer } from '../../components/message/composer';
import type { CommandSource } from '../../components/message/slash-commands';
import { useScheduleSend } from '../../components/message/use-schedule-send';

const TYPING_EMIT_MS = 3_000;

type Props = {
  channel: Channel;
  rootId: string;
  selfId: string;
  /** Why replying is not possible here (archived, not a member, encryption locked). */
  disabled: string | undefined;
  onEditLast: () => void;
  /** Told each reply's text once it is queued. */
  onSent: (text: string) => void;
  commands?: CommandSource;
};

/** The thread's composer: replies go through the outbox like messages, optionally also to the channel. */
export function ThreadComposer({ channel, rootId, selfId, disabled, onEditLast, onSent, commands }: Props) {
  const qc = useQueryClient();
  const draft = useDraft(channel, rootId, selfId);
  const mentions = useMemo(() => mentionSource(channel.id), [channel.id]);
  const [alsoInChannel, setAlsoInChannel] = useState(false);
  const scheduleSend = useScheduleSend(channel, rootId, selfId, alsoInChannel);
  const lastTyping = useRef(0);
  const checkboxId = useId();
  const isDm = channel.kind === 'dm' || channel.kind === 'group';

  const handleTyping = useCallback(() => {
    const now = Date.now();
    if (now - lastTyping.current < TYPING_EMIT_MS) return;
    lastTyping.current = now;
    currentSocket()?.emit('typing:start', { channelId: channel.id, threadRootId: rootId });
  }, [channel.id, rootId]);

  return (
    <div className="thread-composer">
      <Composer
        label="Reply in thread"
        disabled={disabled}
        onSend={(text, fileIds) => {
          lastTyping.current = 0;
          sendMessage(qc, channel.id, text, { threadRootId: rootId, alsoInChannel, fileIds });
          onSent(text);
          // Like Slack: "also send" is a choice per reply, not a mode.
          setAlsoInChannel(false);
        }}
        onTyping={handleTyping}
        onEditLast={onEditLast}
        initialText={draft.initialText}
        onTextChange={draft.onTextChange}
        mentionSource={mentions}
        channelSource={channelNames}
        broadcasts={!isDm}
        audience={channel.memberCount}
        attachTo={channel.encrypted ? undefined : channel.id}
        commands={commands?.commands}
        onCommand={commands && ((command) => commands.run(command, rootId))}
        onCommandsWanted={commands?.want}
        onSchedule={async (text, at) => {
          const error = await scheduleSend(text, at);
          if (!error) setAlsoInChannel(false);
          return error;
        }}
      />
      {!disabled && (
        <label className="thread-also" htmlFor={checkboxId}>
          <input
            id={checkboxId}
            type="checkbox"
            checked={alsoInChannel}
            onChange={(e) => setAlsoInChannel(e.target.checked)}
          />
          {isDm ? 'Also send as direct message' : `Also send to #${channel.name}`}
        </label>
      )}
    </div>
  );
}
