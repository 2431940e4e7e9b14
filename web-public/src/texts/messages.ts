// The messages the shared request rules give under a field (the contract's schemas, spec §5: the report and
// contact forms), in the spec's English and keyed by themselves: forms show `messages[message] ?? message`.
import { i18n } from './i18n';

export const messageTexts = i18n('messages', {
  'Name and email are required': 'Name and email are required',
  'Please enter a valid email address': 'Please enter a valid email address',
  'Name must be at most 100 characters long': 'Name must be at most 100 characters long',
  'Name must not contain control or text-direction characters':
    'Name must not contain control or text-direction characters',
  'Name must not contain a link or web address': 'Name must not contain a link or web address',
  'Please agree to the processing of your health data so that we can send your report':
    'Please agree to the processing of your health data so that we can send your report',
  'Full name is required': 'Full name is required',
  'Full name must be at most 100 characters long': 'Full name must be at most 100 characters long',
  'Full name must not contain control or text-direction characters':
    'Full name must not contain control or text-direction characters',
  'Full name must not contain a link or web address': 'Full name must not contain a link or web address',
  'Please select a reason for contact': 'Please select a reason for contact',
  'Message must be at least 10 characters long': 'Message must be at least 10 characters long',
  'Message must be at most 5000 characters long': 'Message must be at most 5000 characters long',
});

/** A rule's message in the page's language (an unknown one as the rule said it). */
export function messageIn<M extends string | null | undefined>(
  messages: Partial<Record<string, string>>,
  message: M,
): M | string {
  return message ? (messages[message] ?? message) : message;
}
