import { useRef, useState, type KeyboardEvent } from 'react';
import { LIMITS } from '@parley/protocol/client';
import { Icon } from '../../components/dialog';

type Props = {
  label: string;
  onSend: (text: string) => void;
  onTyping?: () => void;
  onEditLast?: () => void;
  disabled?: string;
};

/** Enter sends, Shift+Enter adds a line, Up in an empty box edits one's last message. */
export function Composer({ label, onSend, onTyping, onEditLast, disabled }: Props) {
  const [text, setText] = useState('');
  const ref = useRef<HTMLTextAreaElement>(null);
  const tooLong = text.length > LIMITS.bodyMax;

  const submit = () => {
    const body = text.trim();
    if (!body || tooLong) return;
    onSend(body);
    setText('');
  };

  const handleKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      submit();
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
        submit();
      }}
    >
      <textarea
        ref={ref}
        aria-label={label}
        placeholder={label}
        rows={1}
        autoFocus={!window.matchMedia?.('(pointer: coarse)').matches}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          if (e.target.value) onTyping?.();
        }}
        onKeyDown={handleKeyDown}
      />
      {tooLong && (
        <span className="composer-limit" role="alert">
          {text.length - LIMITS.bodyMax === 1
            ? '1 character over the limit'
            : `${(text.length - LIMITS.bodyMax).toLocaleString()} characters over the limit`}
        </span>
      )}
      <button type="submit" className="send-button" aria-label="Send" disabled={!text.trim() || tooLong}>
        <Icon name="send" />
      </button>
    </form>
  );
}

/** The inline editor of a message: Enter saves, Escape cancels. */
export function EditBox({
  initial,
  onSave,
  onCancel,
}: {
  initial: string;
  onSave: (text: string) => void;
  onCancel: () => void;
}) {
  const [text, setText] = useState(initial);
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
            if (text.trim()) onSave(text.trim());
          }
        }}
      />
      <span className="edit-hint">Escape to cancel · Enter to save</span>
    </div>
  );
}
