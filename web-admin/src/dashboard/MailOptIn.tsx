// The admin's own mail switch with a "send one now" button, as the weekly digest and the alerts offer it:
// the explanation (naming the admin's address), the opt-in checkbox (showing the choice being saved while
// it is saved) and the button, which ignores clicks while a send is under way.
import { useId } from 'react';

export interface MailOptInProps {
  testId: string;
  explanation: string;
  toggleLabel: string;
  /** The saved choice, or the one being saved. */
  optedIn: boolean;
  saving: boolean;
  onToggle: (optedIn: boolean) => void;
  sendLabel: string;
  sendingLabel: string;
  sending: boolean;
  onSend: () => void;
}

export function MailOptIn(props: MailOptInProps) {
  const toggleId = useId();
  return (
    <div className="weekly-digest" data-testid={props.testId}>
      <p className="muted">{props.explanation}</p>
      <label htmlFor={toggleId}>
        <input
          id={toggleId}
          type="checkbox"
          checked={props.optedIn}
          disabled={props.saving}
          onChange={(e) => props.onToggle(e.target.checked)}
        />{' '}
        {props.toggleLabel}
      </label>{' '}
      <button
        type="button"
        className="button button-secondary"
        aria-disabled={props.sending || undefined}
        onClick={() => {
          if (!props.sending) props.onSend();
        }}
      >
        {props.sending ? props.sendingLabel : props.sendLabel}
      </button>
    </div>
  );
}
