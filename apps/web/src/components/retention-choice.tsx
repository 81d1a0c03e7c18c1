import { useId } from 'react';
import { ErrorNote } from './field';
import './retention-choice.css';

export const MAX_RETENTION_DAYS = 36_500;

/** What a retention form holds: follow the team's setting (channels only), forever, or a number of days being typed. */
export type RetentionDraft = { kind: 'team' | 'forever' | 'days'; days: string };

/** The days a draft asks for: undefined when the number is not one the server takes. */
export function draftDays(draft: RetentionDraft): number | null | undefined {
  if (draft.kind !== 'days') return null;
  const n = Number(draft.days);
  return Number.isInteger(n) && n >= 1 && n <= MAX_RETENTION_DAYS ? n : undefined;
}

/** Forever or N days after the last activity, with the team's setting first where a channel may follow it. */
export function RetentionChoice({
  draft,
  onChange,
  team,
}: {
  draft: RetentionDraft;
  onChange: (draft: RetentionDraft) => void;
  /** The team's setting in words, offered first: a channel's form. */
  team?: string;
}) {
  const name = useId();
  const set = (kind: RetentionDraft['kind']) => onChange({ ...draft, kind });
  return (
    <>
      <fieldset className="radio-group retention-choice">
        <legend>Keep messages and files</legend>
        {team !== undefined && (
          <label>
            <input type="radio" name={name} checked={draft.kind === 'team'} onChange={() => set('team')} /> As
            the team does ({team})
          </label>
        )}
        <label>
          <input
            type="radio"
            name={name}
            checked={draft.kind === 'forever'}
            onChange={() => set('forever')}
          />{' '}
          Forever
        </label>
        <label className="retention-days">
          <input type="radio" name={name} checked={draft.kind === 'days'} onChange={() => set('days')} /> For
          <input
            type="number"
            inputMode="numeric"
            min={1}
            max={MAX_RETENTION_DAYS}
            value={draft.days}
            aria-label="Days to keep messages"
            aria-invalid={draft.kind === 'days' && draftDays(draft) === undefined}
            onFocus={() => set('days')}
            onChange={(e) => onChange({ kind: 'days', days: e.target.value })}
          />
          days after their last activity
        </label>
      </fieldset>
      <ErrorNote
        error={
          draftDays(draft) === undefined
            ? `Enter a whole number of days from 1 to ${MAX_RETENTION_DAYS.toLocaleString()}.`
            : undefined
        }
      />
    </>
  );
}
