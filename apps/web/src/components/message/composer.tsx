import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { SealedFileMeta } from '@parley/crypto';
import { LIMITS } from '@parley/protocol/client';
import { Icon } from '../dialog';
import { ConfirmDialog } from '../confirm-dialog';
import { LaterMenu } from '../later-menu';
import { useAttachments } from './use-attachments';
import { useFileDropTarget } from './file-drop';
import { parseReactionCommand, resolveReactionCommand } from '../emoji/reaction-command';
import { withEmoji } from '../emoji/with-emoji';
import { useCustomEmojiLookup } from '../emoji/custom-emoji-context';
import { useEmojiTyping } from '../emoji/use-emoji-typing';
import { useMentionTyping, type ChannelSource, type MentionSource } from '../mention/use-mention-typing';
import {
  parseSlash,
  textCommandBody,
  TEXT_COMMANDS,
  type SlashCommand,
  type TypedCommand,
} from './slash-commands';
import { useCommandTyping } from './use-command-typing';
import './composer.css';

type Props = {
  label: string;
  /** sealedFiles: in an encrypted channel, what the envelope says about the uploads (keys, names). */
  onSend: (text: string, fileIds?: string[], sealedFiles?: SealedFileMeta[]) => void;
  onTyping?: () => void;
  onEditLast?: () => void;
  /** `+:emoji:` sent alone reacts to the last message instead of posting. */
  onReact?: (emoji: string) => void;
  disabled?: string;
  /** The draft to start with; a later value shows too, until the person types here. */
  initialText?: string;
  onTextChange?: (text: string) => void;
  /** People to offer after `@`; broadcasts (@channel, @here) where they mean something. */
  mentionSource?: MentionSource;
  broadcasts?: boolean;
  /** Channels to offer after `#`. */
  channelSource?: ChannelSource;
  /** How many people a broadcast reaches: past 50 a send asks first. */
  audience?: number;
  /** The channel files attach to; none where files cannot go. */
  attachTo?: string;
  /** Encrypt files in the browser before upload (an end-to-end encrypted channel). */
  sealFiles?: boolean;
  /** Slash commands offered here besides /me and /shrug; onCommand runs one and answers an error to show. */
  commands?: SlashCommand[];
  onCommand?: (command: TypedCommand) => Promise<string | undefined>;
  /** Called once a message starts with `/`, so commands that cost a request load only when wanted. */
  onCommandsWanted?: () => void;
  /** Sends the text later instead, at the time picked; answers an error to show. */
  onSchedule?: (text: string, at: Date) => Promise<string | undefined>;
};

const BROADCAST_CONFIRM_OVER = 50;
const BROADCAST = /(^|[^a-z0-9._-])@(channel|here|everyone)([._-]*)($|[^a-z0-9._-])/i;

/** Enter sends, Shift+Enter adds a line, Up in an empty box edits one's last message. */
export function Composer(props: Props) {
  const { label, onSend, onTyping, onEditLast, onReact, disabled, initialText, onTextChange } = props;
  const [text, setText] = useState(initialText ?? '');
  const [note, setNote] = useState<string>();
  const [confirming, setConfirming] = useState(false);
  const ref = useRef<HTMLTextAreaElement>(null);
  const typedHere = useRef(false);
  useEffect(() => {
    if (!typedHere.current && initialText !== undefined) setText(initialText);
  }, [initialText]);
  const change = (next: string) => {
    typedHere.current = true;
    setText(next);
    onTextChange?.(next);
  };
  const emoji = useEmojiTyping(ref, change);
  const mention = useMentionTyping(ref, change, props.mentionSource, !!props.broadcasts, props.channelSource);
  // A mention list still being looked up must not open over the box once its text was sent.
  const clear = () => {
    change('');
    mention.blur();
  };
  const actions = props.onCommand ? (props.commands ?? []) : [];
  const slashTyped = text.startsWith('/');
  const { onCommandsWanted } = props;
  useEffect(() => {
    if (slashTyped) onCommandsWanted?.();
  }, [slashTyped, onCommandsWanted]);
  const command = useCommandTyping(text, [...actions, ...TEXT_COMMANDS].sort(byName), change);
  const attachments = useAttachments(props.attachTo, props.sealFiles);
  const inDropArea = useFileDropTarget(attachments.enabled ? attachments.add : undefined);
  const fileInput = useRef<HTMLInputElement>(null);
  const tooLong = text.length > LIMITS.bodyMax;
  const customEmoji = useCustomEmojiLookup();
  // Sends wait in order for the emoji data; Enter again on the same text while it waits sends it once.
  const queued = useRef<{ body: string; done: Promise<void> }>(undefined);

  const submit = async (confirmed = false) => {
    const body = text.trim();
    if ((!body && attachments.count === 0) || tooLong || queued.current?.body === body) return;
    if (attachments.busy) return setNote('Wait for the files to finish uploading, or remove them.');
    const audience = props.broadcasts ? (props.audience ?? 0) : 0;
    if (!confirmed && audience > BROADCAST_CONFIRM_OVER && BROADCAST.test(body)) return setConfirming(true);
    setConfirming(false);
    const { fileIds, sealedFiles } = attachments;
    // A space before the slash sends the text as it is.
    const slash = text.startsWith('/') ? parseSlash(body) : undefined;
    const send = async () => {
      const reactionCommand = onReact && parseReactionCommand(body);
      const typed = slash && textCommandBody(slash);
      if (slash && typed === undefined) {
        const error = actions.some((c) => c.name === slash.name)
          ? await props.onCommand!(slash)
          : commandNote(slash);
        if (error) return setNote(error);
      } else if (reactionCommand) {
        const reaction = await resolveReactionCommand(reactionCommand, (name) => !!customEmoji?.byName(name));
        if (!reaction) return setNote(`No emoji is called ${body.slice(1)}`);
        onReact(reaction);
      } else {
        const sent = await withEmoji(typed ?? body);
        if (fileIds.length) onSend(sent, fileIds, sealedFiles);
        else onSend(sent);
        attachments.clearSent(fileIds);
      }
      // The text stays in the box until it is in the outbox (a reload meanwhile loses nothing), and
      // what was typed while it waited stays too.
      if (ref.current?.value.trim() === body) clear();
    };
    const entry = {
      body,
      done: (queued.current?.done.catch(() => {}) ?? Promise.resolve()).then(send).finally(() => {
        if (queued.current === entry) queued.current = undefined;
      }),
    };
    queued.current = entry;
    await entry.done;
  };

  const schedule = async (at: Date) => {
    const body = text.trim();
    const slash = text.startsWith('/') ? parseSlash(body) : undefined;
    const typed = slash && textCommandBody(slash);
    if (slash && typed === undefined) return setNote('A command runs at once: it cannot be scheduled.');
    const error = await props.onSchedule!(await withEmoji(typed ?? body), at);
    if (error) return setNote(error);
    if (ref.current?.value.trim() === body) clear();
  };

  const handleKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (command.handleKeyDown(e) || mention.handleKeyDown(e) || emoji.handleKeyDown(e)) return;
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      void submit();
    } else if (e.key === 'ArrowUp' && text === '' && onEditLast) {
      e.preventDefault();
      onEditLast();
    }
  };

  if (disabled) return <div className="composer composer-disabled">{disabled}</div>;
  return (
    <form
      className="composer"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      onDragOver={(e) =>
        !inDropArea && attachments.enabled && e.dataTransfer.types.includes('Files') && e.preventDefault()
      }
      onDrop={(e) => {
        // Inside a drop area the area takes the files, once.
        if (inDropArea || !attachments.enabled || e.dataTransfer.files.length === 0) return;
        e.preventDefault();
        attachments.add(e.dataTransfer.files);
      }}
    >
      {attachments.chips}
      <textarea
        ref={ref}
        aria-label={label}
        placeholder={label}
        rows={1}
        autoFocus={!window.matchMedia?.('(pointer: coarse)').matches}
        value={text}
        onChange={(e) => {
          const next = emoji.handleInput(e.target);
          change(next);
          mention.track(e.target);
          setNote(undefined);
          if (next) onTyping?.();
        }}
        onKeyDown={handleKeyDown}
        onPaste={(e) => {
          if (!attachments.enabled || e.clipboardData.files.length === 0) return;
          e.preventDefault();
          attachments.add(e.clipboardData.files);
        }}
        {...emoji.inputProps}
        {...(mention.open ? mention.inputProps : {})}
        {...command.inputProps}
        onSelect={(e) => {
          emoji.inputProps.onSelect(e);
          mention.track(e.currentTarget);
        }}
        onBlur={() => {
          emoji.inputProps.onBlur();
          mention.blur();
        }}
      />
      {command.list ?? mention.list ?? emoji.list}
      {confirming && (
        <ConfirmDialog
          open
          title={`Notify ${props.audience} people?`}
          confirmLabel="Send and notify"
          onClose={() => {
            setConfirming(false);
            ref.current?.focus();
          }}
          onConfirm={() => void submit(true)}
        >
          <p>
            @channel, @here and @everyone notify everyone in this channel: {props.audience} people, some
            perhaps in other time zones.
          </p>
        </ConfirmDialog>
      )}
      {note && (
        <span className="composer-limit" role="alert">
          {note}
        </span>
      )}
      {tooLong && (
        <span className="composer-limit" role="alert">
          {text.length - LIMITS.bodyMax === 1
            ? '1 character over the limit'
            : `${(text.length - LIMITS.bodyMax).toLocaleString()} characters over the limit`}
        </span>
      )}
      {attachments.enabled && (
        <>
          <input
            ref={fileInput}
            type="file"
            multiple
            hidden
            onChange={(e) => {
              if (e.target.files) attachments.add(e.target.files);
              e.target.value = '';
            }}
          />
          <button
            type="button"
            className="icon-button attach-button"
            aria-label="Attach files"
            title="Attach files"
            onClick={() => fileInput.current?.click()}
          >
            <Icon name="paperclip" size={18} />
          </button>
        </>
      )}
      {props.onSchedule && (
        <LaterMenu
          label={attachments.count ? 'Messages with files cannot be scheduled yet' : 'Schedule for later'}
          menuLabel="Schedule for later"
          className="icon-button schedule-button"
          disabled={!text.trim() || tooLong || attachments.count > 0}
          pickLabel="Schedule"
          onPick={(at) => void schedule(at)}
        >
          <Icon name="clock" size={18} />
        </LaterMenu>
      )}
      <button
        type="submit"
        className="send-button"
        aria-label="Send"
        disabled={(!text.trim() && attachments.count === 0) || tooLong}
      >
        <Icon name="send" />
      </button>
    </form>
  );
}

const byName = (a: SlashCommand, b: SlashCommand) => a.name.localeCompare(b.name);

/** Why a command typed here did nothing. */
function commandNote({ name }: TypedCommand): string {
  if (name === 'me') return 'Say what you are doing: /me waves';
  return `/${name} is not a command here. To send it as a message, start it with a space.`;
}

/** The inline editor of a message: Enter saves, Escape cancels; saved empty, it offers to delete (`onEmpty`). */
export function EditBox({
  initial,
  onSave,
  onCancel,
  onEmpty,
}: {
  initial: string;
  onSave: (text: string) => void;
  onCancel: () => void;
  onEmpty?: () => void;
}) {
  const [text, setText] = useState(initial);
  const saving = useRef(false);
  const save = async () => {
    if (!text.trim() && onEmpty) return onEmpty();
    if (!text.trim() || saving.current) return;
    saving.current = true;
    try {
      onSave(await withEmoji(text.trim()));
    } finally {
      saving.current = false;
    }
  };
  return (
    <div className="edit-box">
      <textarea
        aria-label="Edit message"
        autoFocus
        value={text}
        onChange={(e) => setText(e.target.value)}
        onFocus={(e) => e.target.setSelectionRange(e.target.value.length, e.target.value.length)}
        onKeyDown={(e) => {
          if (e.key === 'Escape') {
            e.preventDefault();
            onCancel();
          } else if (e.key === 'Enter' && !e.shiftKey) {
            e.preventDefault();
            void save();
          }
        }}
      />
      <span className="edit-hint">Escape to cancel · Enter to save</span>
    </div>
  );
}
