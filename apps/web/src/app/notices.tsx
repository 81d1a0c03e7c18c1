import { dismiss, notices } from '../realtime/notices';
import { useStore } from '../lib/store';
import './shell.css';

/** What happened to this user elsewhere, said once, politely. */
export function Notices() {
  const list = useStore(notices);
  if (list.length === 0) return null;
  return (
    <div className="notices" role="status">
      {list.map((n) => (
        <div key={n.id} className="notice">
          <span>{n.text}</span>
          {n.actions.map((action) => (
            <button
              key={action.label}
              type="button"
              className="link-button"
              onClick={() => {
                dismiss(n.id);
                action.run();
              }}
            >
              {action.label}
            </button>
          ))}
          <button type="button" className="link-button" onClick={() => dismiss(n.id)}>
            Dismiss
          </button>
        </div>
      ))}
    </div>
  );
}
