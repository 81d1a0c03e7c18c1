import { useStore } from '../lib/store';
import { dismissNotificationPrompt, enableNotifications, notificationPrompt } from './desktop-notifications';
import './sidebar.css';

/** Shown once something worth a notification arrived while the browser has not been asked yet. */
export function NotificationPrompt() {
  const shown = useStore(notificationPrompt);
  if (!shown) return null;
  return (
    <div className="notify-prompt" role="region" aria-label="Desktop notifications">
      <p>Get a desktop notification for mentions and direct messages?</p>
      <div className="notify-prompt-actions">
        <button type="button" className="button button-small" onClick={() => void enableNotifications()}>
          Turn on
        </button>
        <button type="button" className="link-button" onClick={dismissNotificationPrompt}>
          Not now
        </button>
      </div>
    </div>
  );
}
