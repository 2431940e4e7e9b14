// The form's validation module, loaded on demand (it carries the validation library) and kept once loaded.
import type * as FormCheckModule from './form-check';

export type { FormCheck } from './form-check';
let loading: Promise<typeof FormCheckModule> | undefined;

export function loadFormCheck(): Promise<typeof FormCheckModule> {
  loading ??= import('./form-check');
  return loading;
}
