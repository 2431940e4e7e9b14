// A form field's name with the text typed into it: spread into a TextField it names the input and keeps
// its value, and the form reads `.value` when it checks or sends.
import { useState } from 'react';

export interface FieldValue {
  name: string;
  value: string;
  onValueChange: (value: string) => void;
}

export function useFieldValue(name: string): FieldValue {
  const [value, onValueChange] = useState('');
  return { name, value, onValueChange };
}
