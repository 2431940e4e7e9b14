// A form control with its label and, under it, its message (spec §5: every message under its field, tied to
// the control with aria-describedby and aria-invalid). The message's id is the control's id + "-error".
import type { ReactNode } from 'react';

export const errorIdOf = (controlId: string) => `${controlId}-error`;

/** The props that tie a control to its message while it has one. */
export const describedBy = (controlId: string, error: string | null | undefined) =>
  error ? { 'aria-invalid': true as const, 'aria-describedby': errorIdOf(controlId) } : {};

export function Field(props: {
  /** The id of the control (children) the label names. */
  controlId: string;
  label: ReactNode;
  error?: string | null | undefined;
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <div className={props.wide ? 'field field--wide' : 'field'}>
      <label className="field__label" htmlFor={props.controlId}>
        {props.label}
      </label>
      {props.children}
      <FieldError id={errorIdOf(props.controlId)} message={props.error} />
    </div>
  );
}

export function FieldError({ id, message }: { id: string; message?: string | null | undefined }) {
  if (!message) return null;
  return (
    <p className="field__error" id={id}>
      {message}
    </p>
  );
}
