import type { TwoFactorState } from '@parley/protocol';
import { dateFormat } from '../../lib/date-format';

const day = dateFormat({ dateStyle: 'medium' });

function codesLeft(n: number) {
  if (n === 0) return 'No recovery codes left: make new ones, or losing your phone locks you out.';
  const left = `${n} recovery ${n === 1 ? 'code' : 'codes'} left.`;
  return n <= 2 ? `${left} Make new ones before they run out.` : left;
}

/** Whether two-factor sign-in is on, and the buttons that change it. */
export function TwoFactorStatus({
  state,
  turnedOff,
  onTurnOn,
  onNewCodes,
  onTurnOff,
}: {
  state: TwoFactorState;
  turnedOff: boolean;
  onTurnOn: () => void;
  onNewCodes: () => void;
  onTurnOff: () => void;
}) {
  if (!state.enabled)
    return (
      <>
        {turnedOff && (
          <p className="notice" role="status">
            Two-factor authentication is off.
          </p>
        )}
        <p className="two-factor-text">
          Ask for a code from an authenticator app on your phone as well as your password when signing in.
        </p>
        <div className="form-actions form-actions-start">
          <button type="button" className="button" onClick={onTurnOn}>
            Turn on
          </button>
        </div>
      </>
    );
  return (
    <>
      <p className="two-factor-text">
        {state.enabledAt ? `On since ${day.format(new Date(state.enabledAt))}.` : 'On.'} Signing in asks for a
        code from your authenticator app.
      </p>
      <p
        className={state.recoveryCodesLeft <= 2 ? 'two-factor-text two-factor-low' : 'two-factor-text muted'}
      >
        {codesLeft(state.recoveryCodesLeft)}
      </p>
      <div className="form-actions form-actions-start two-factor-actions">
        <button type="button" className="button button-ghost" onClick={onNewCodes}>
          New recovery codes
        </button>
        {!state.required && (
          <button type="button" className="button button-danger" onClick={onTurnOff}>
            Turn off
          </button>
        )}
      </div>
      {state.required && <p className="two-factor-text muted">Your team requires it, so it stays on.</p>}
    </>
  );
}
