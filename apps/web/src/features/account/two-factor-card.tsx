import { useRef, useState } from 'react';
import type { TwoFactorSetupResponse } from '@parley/protocol';
import { FailureNote } from '../../components/field';
import { AuthenticatorSetup } from '../../components/two-factor/authenticator-setup';
import { PasswordConfirm } from './password-confirm';
import { RecoveryCodes } from '../../components/two-factor/recovery-codes';
import { TwoFactorStatus } from './two-factor-status';
import {
  useDisableTwoFactor,
  useEnableTwoFactor,
  useNewRecoveryCodes,
  useStartTwoFactor,
  useTwoFactor,
} from './use-two-factor';
import './account.css';

type Step =
  | { name: 'status' }
  | { name: 'confirm'; purpose: 'setup' | 'codes' | 'off' }
  | { name: 'scan'; setup: TwoFactorSetupResponse['setup'] }
  | { name: 'codes'; codes: string[]; renewed: boolean };

const CONFIRM = {
  setup: { label: 'Continue', text: 'Confirm your password to set up two-factor authentication.' },
  codes: {
    label: 'Make new codes',
    text: 'Confirm your password to make new recovery codes. The ones you have now stop working.',
  },
  off: {
    label: 'Turn off',
    text: 'Confirm your password to turn off two-factor authentication. Signing in will ask for your password alone.',
  },
};

/** Settings -> Security: turn two-factor sign-in on or off, and replace the recovery codes. */
export function TwoFactorCard() {
  const state = useTwoFactor();
  const start = useStartTwoFactor();
  const enable = useEnableTwoFactor();
  const renew = useNewRecoveryCodes();
  const disable = useDisableTwoFactor();
  const [step, setStep] = useState<Step>({ name: 'status' });
  const title = useRef<HTMLHeadingElement>(null);

  const open = (next: Step) => {
    for (const m of [start, enable, renew, disable]) m.reset();
    setStep(next);
  };
  // The card's title stays mounted, so focus lands there rather than on the page when a flow ends.
  const finish = () => {
    setStep({ name: 'status' });
    title.current?.focus();
  };

  const handleConfirm = (purpose: 'setup' | 'codes' | 'off', password: string) => {
    if (purpose === 'setup')
      start.mutate(password, { onSuccess: ({ setup }) => setStep({ name: 'scan', setup }) });
    else if (purpose === 'codes')
      renew.mutate(password, {
        onSuccess: ({ recoveryCodes }) => setStep({ name: 'codes', codes: recoveryCodes, renewed: true }),
      });
    else disable.mutate(password, { onSuccess: finish });
  };

  return (
    <section className="card two-factor" aria-labelledby="two-factor-title">
      <h2 id="two-factor-title" ref={title} tabIndex={-1}>
        Two-factor authentication
        {state.data?.enabled && <span className="badge badge-lock">On</span>}
      </h2>
      {step.name === 'status' && (
        <>
          <FailureNote error={state.error} />
          {state.data && (
            <TwoFactorStatus
              state={state.data}
              turnedOff={disable.isSuccess}
              onTurnOn={() => open({ name: 'confirm', purpose: 'setup' })}
              onNewCodes={() => open({ name: 'confirm', purpose: 'codes' })}
              onTurnOff={() => open({ name: 'confirm', purpose: 'off' })}
            />
          )}
        </>
      )}
      {step.name === 'confirm' && (
        <PasswordConfirm
          confirmLabel={CONFIRM[step.purpose].label}
          danger={step.purpose === 'off'}
          busy={start.isPending || renew.isPending || disable.isPending}
          error={start.error ?? renew.error ?? disable.error}
          onConfirm={(password) => handleConfirm(step.purpose, password)}
          onCancel={finish}
        >
          {CONFIRM[step.purpose].text}
        </PasswordConfirm>
      )}
      {step.name === 'scan' && (
        <AuthenticatorSetup
          setup={step.setup}
          busy={enable.isPending}
          error={enable.error}
          onEnable={(code) =>
            enable.mutate(code, {
              onSuccess: ({ recoveryCodes }) =>
                setStep({ name: 'codes', codes: recoveryCodes, renewed: false }),
            })
          }
          onCancel={finish}
        />
      )}
      {step.name === 'codes' && <RecoveryCodes codes={step.codes} renewed={step.renewed} onDone={finish} />}
    </section>
  );
}
