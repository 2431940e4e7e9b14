// Validation of the calculator form with the engine's rules. Kept in its own module, loaded on first
// submit (or when a stored result is restored), so the validation library is not part of the first
// download of the home page.
import '@bodymetrics/web-kit/zod-jitless';
import { healthFormSchema, type HealthFormValues } from '@bodymetrics/health';

// The engine travels with the form's rules: both are needed at the same moment, on submit. So do the
// rules' messages in the page's language.
export { calculateHealthMetrics } from '@bodymetrics/health';
export { validationTexts } from '../texts/validation';
import { FORM_FIELD_NAMES, type FieldErrors, type FormFieldName, type FormFields } from './form-fields';

export type FormCheck = { ok: true; values: HealthFormValues } | { ok: false; errors: FieldErrors };

/** Validates with the engine's rules; each field gets the first message that concerns it. */
export function checkForm(fields: FormFields): FormCheck {
  const parsed = healthFormSchema.safeParse(fields);
  if (parsed.success) return { ok: true, values: parsed.data };
  const errors: FieldErrors = {};
  for (const issue of parsed.error.issues) {
    const name = issue.path[0];
    if (typeof name === 'string' && (FORM_FIELD_NAMES as readonly string[]).includes(name)) {
      errors[name as FormFieldName] ??= issue.message;
    }
  }
  return { ok: false, errors };
}
