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
          {n.action && (
            <button
              type="button"
              className="link-button"
              onClick={() => {
                dismiss(n.id);
                n.action!.run();
              }}
            >
              {n.action.label}
            </button>
          )}
          <button type="button" className="link-button" onClick={() => dismiss(n.id)}>
            Dismiss
          </button>
        </div>
      ))}
    </div>
  );
}
