// A labelled text input of the admin's forms (login, forgotten password, password reset): the label names
// the input by its id; every other prop is the input's own.
import type { InputHTMLAttributes, ReactNode, Ref } from 'react';

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'value' | 'onChange'>;

export function TextField({
  id,
  label,
  value,
  onValueChange,
  ref,
  ...input
}: InputProps & {
  id: string;
  label: ReactNode;
  value: string;
  onValueChange: (value: string) => void;
  ref?: Ref<HTMLInputElement>;
}) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input ref={ref} id={id} value={value} onChange={(e) => onValueChange(e.target.value)} {...input} />
    </div>
  );
}
