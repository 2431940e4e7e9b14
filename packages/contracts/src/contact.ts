// POST /api/contact (spec §5 "Contact form"): the exact messages the contact page shows under each field.
import { z } from 'zod';
import { personNameSchema } from './person-name';
import { INVALID_EMAIL_MESSAGE, requiredEmailSchema } from './reports';

export const contactReasons = [
  'General Inquiry',
  'Technical Support',
  'Feedback & Suggestions',
  'Advertising & Partnership',
  'Report an Issue',
  'Legal',
] as const;
export const contactReasonSchema = z.enum(contactReasons, { error: 'Please select a reason for contact' });
export type ContactReason = z.infer<typeof contactReasonSchema>;

export const CONTACT_MESSAGE_MIN = 10;
export const CONTACT_MESSAGE_MAX = 5000;

export const contactBodySchema = z.object({
  // Shown in the subject and first line of the operator's mail: no forged lines, no links (person-name.ts).
  fullName: personNameSchema({ label: 'Full name', requiredMessage: 'Full name is required' }),
  email: requiredEmailSchema(INVALID_EMAIL_MESSAGE),
  reason: contactReasonSchema,
  message: z
    .string({ error: `Message must be at least ${CONTACT_MESSAGE_MIN} characters long` })
    .trim()
    .min(CONTACT_MESSAGE_MIN, `Message must be at least ${CONTACT_MESSAGE_MIN} characters long`)
    .max(CONTACT_MESSAGE_MAX, `Message must be at most ${CONTACT_MESSAGE_MAX} characters long`),
});
export type ContactBody = z.infer<typeof contactBodySchema>;
