import { Dialog } from '../../components/dialog';
import './switcher.css';

const mac = /Mac|iPhone|iPad/.test(navigator.platform);
const mod = mac ? '⌘' : 'Ctrl';
const alt = mac ? 'Option' : 'Alt';

const SHORTCUTS: [string[], string][] = [
  [[mod, 'K'], 'Jump to a channel, DM or person'],
  [[alt, '↑ / ↓'], 'Previous or next channel or DM'],
  [[alt, 'Shift', '↑ / ↓'], 'Previous or next unread channel or DM'],
  [['?'], 'Show these shortcuts'],
  [['Enter'], 'Send the message'],
  [['Shift', 'Enter'], 'New line in a message'],
  [['↑'], 'Edit your last message (in an empty message box)'],
  [['Esc'], 'Cancel an edit, close the thread or a dialog'],
  [[':', 'name'], 'Emoji by shortcode; Tab or Enter picks'],
  [['@', 'name'], 'Mention a person or group'],
  [['#', 'name'], 'Link a channel'],
  [['+:emoji:'], 'React to the last message'],
  [[alt, 'click'], 'Mark a message and those after it unread'],
];

/** "?": the keyboard shortcuts Parley answers to. */
export default function KeyboardHelp({ onClose }: { onClose: () => void }) {
  return (
    <Dialog title="Keyboard shortcuts" open wide onClose={onClose}>
      <dl className="shortcut-list">
        {SHORTCUTS.map(([keys, what]) => (
          <div key={what} className="shortcut-row">
            <dt>
              {keys.map((k) => (
                <kbd key={k}>{k}</kbd>
              ))}
            </dt>
            <dd>{what}</dd>
          </div>
        ))}
      </dl>
    </Dialog>
  );
}
