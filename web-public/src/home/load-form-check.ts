// The form's validation module, loaded on demand (it carries the validation library) and kept once loaded.
import { loadOnce } from '../lib/lazy-part';
import type * as FormCheckModule from './form-check';

export type { FormCheck } from './form-check';

/** Retried once on a network failure; rejects when the module cannot be loaded. */
export const loadFormCheck: () => Promise<typeof FormCheckModule> = loadOnce(() => import('./form-check'));
