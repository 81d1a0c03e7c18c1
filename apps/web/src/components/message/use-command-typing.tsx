import { useId, useState, type KeyboardEvent } from 'react';
import { matchingCommands, type SlashCommand } from './slash-commands';
import '../emoji/emoji-typing.css';

/** After a `/` that starts the message, the commands that match; arrows, Enter or Tab, Escape. */
export function useCommandTyping(text: string, commands: SlashCommand[], setText: (text: string) => void) {
  const [active, setActive] = useState(0);
  const [dismissed, setDismissed] = useState<string>();
  const listId = useId();
  const options = text === dismissed ? [] : matchingCommands(text, commands);
  const open = options.length > 0;
  const current = Math.min(active, options.length - 1);

  const choose = (command: SlashCommand) => {
    setActive(0);
    setText(`/${command.name} `);
  };

  /** For onKeyDown: true when the key drove the list and must not reach the composer. */
  const handleKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>): boolean => {
    if (!open || e.nativeEvent.isComposing) return false;
    const move = (by: number) => setActive((current + by + options.length) % options.length);
    if (e.key === 'ArrowDown') move(1);
    else if (e.key === 'ArrowUp') move(-1);
    // Enter on a command typed whole runs it, as Slack does; Tab always completes.
    else if (e.key === 'Enter' && text.toLowerCase() === `/${options[current]!.name}`) {
      // The list steps aside for what the command answers.
      setDismissed(text);
      return false;
    } else if (e.key === 'Enter' || e.key === 'Tab') choose(options[current]!);
    else if (e.key === 'Escape') setDismissed(text);
    else return false;
    e.preventDefault();
    e.stopPropagation();
    return true;
  };

  const optionId = (i: number) => `${listId}-${i}`;
  return {
    open,
    handleKeyDown,
    inputProps: open ? { 'aria-controls': listId, 'aria-activedescendant': optionId(current) } : {},
    list: open ? (
      <ul id={listId} className="shortcode-list command-list" role="listbox" aria-label="Commands">
        {options.map((c, i) => (
          <li
            key={c.name}
            id={optionId(i)}
            role="option"
            aria-selected={i === current}
            className="shortcode-option"
            onMouseDown={(e) => e.preventDefault()}
            onMouseEnter={() => setActive(i)}
            onClick={() => choose(c)}
          >
            <span>
              <strong>/{c.name}</strong>
              {c.args && <span className="muted"> {c.args}</span>}
            </span>
            <span className="command-note">{c.description}</span>
          </li>
        ))}
      </ul>
    ) : null,
  };
}
