import { useId, type InputHTMLAttributes } from 'react';
import { describeError } from '../lib/api';

type FieldProps = InputHTMLAttributes<HTMLInputElement> & {
  label: string;
  hint?: string;
  /** The input's text on every change, for the common `setX(e.target.value)`. */
  onValue?: (value: string) => void;
};

export function Field({ label, hint, onValue, onChange, ...input }: FieldProps) {
  const id = useId();
  return (
    <label className="field" htmlFor={id}>
      <span className="field-label">{label}</span>
      <input
        id={id}
        {...input}
        onChange={(e) => {
          onChange?.(e);
          onValue?.(e.target.value);
        }}
      />
      {hint && <span className="field-hint">{hint}</span>}
    </label>
  );
}

export function ErrorNote({ error }: { error: string | undefined }) {
  if (!error) return null;
  return (
    <p className="error-note" role="alert">
      {error}
    </p>
  );
}

/** The error of a failed request or mutation, said plainly; nothing when there is none. */
export function FailureNote({ error }: { error: unknown }) {
  return <ErrorNote error={error ? describeError(error) : undefined} />;
}
