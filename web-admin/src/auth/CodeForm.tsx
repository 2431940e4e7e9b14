// The one-field form of the second factor (signing in, confirming the enrolment, removing the factor): a
// code the authenticator app shows (digits, offered by the phone's number pad; a recovery code has letters
// too) and the button that sends it while the form may be sent.
import type { FormEvent } from 'react';
import { TextField } from '../forms/TextField';
import type { FieldValue } from '../forms/use-field-value';

export function CodeForm(props: {
  label: string;
  code: FieldValue;
  /** Digits only (an authenticator code), not a recovery code. */
  digitsOnly?: boolean;
  autoFocus?: boolean;
  canSubmit: boolean;
  submitLabel: string;
  primary?: boolean;
  onSubmit: () => void;
}) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (props.canSubmit) props.onSubmit();
  };
  return (
    <form className="form" onSubmit={submit} noValidate>
      <TextField
        label={props.label}
        autoComplete="one-time-code"
        required
        {...(props.digitsOnly ? { inputMode: 'numeric' as const } : {})}
        {...(props.autoFocus ? { autoFocus: true } : {})}
        {...props.code}
      />
      <button
        type="submit"
        className={`button ${props.primary === false ? 'button-secondary' : 'button-primary'}`}
        disabled={!props.canSubmit}
      >
        {props.submitLabel}
      </button>
    </form>
  );
}
