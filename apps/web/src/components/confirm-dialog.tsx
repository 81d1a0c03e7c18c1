import type { ReactNode } from 'react';
import { Dialog } from './dialog';
import './dialog.css';

/** The app's own "are you sure?": says what will happen, names the action, Cancel first for focus. */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  danger,
  busy,
  onConfirm,
  onClose,
}: {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  danger?: boolean;
  busy?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Dialog title={title} open={open} onClose={onClose}>
      <div className="confirm-text">{children}</div>
      <div className="form-actions">
        <button type="button" className="button button-ghost" onClick={onClose}>
          Cancel
        </button>
        <button
          type="button"
          className={`button ${danger ? 'button-danger' : ''}`}
          disabled={busy}
          onClick={onConfirm}
        >
          {confirmLabel}
        </button>
      </div>
    </Dialog>
  );
}
