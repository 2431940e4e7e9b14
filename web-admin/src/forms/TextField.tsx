// A labelled text input of the admin's forms (login, forgotten password, password reset): the label names
// the input by an id of the field's own; every other prop is the input's own.
import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import type { FieldValue } from './use-field-value';

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'name' | 'value' | 'onChange'>;

export function TextField({
  label,
  name,
  value,
  onValueChange,
  ref,
  ...input
}: InputProps &
  FieldValue & {
    label: ReactNode;
    ref?: Ref<HTMLInputElement>;
  }) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        ref={ref}
        id={id}
        name={name}
        value={value}
        onChange={(e) => onValueChange(e.target.value)}
        {...input}
      />
    </div>
  );
}
