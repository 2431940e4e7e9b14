// A person's name as the report and contact forms take it. The name is written into mails (the report
// greets the recipient by it; the operator's contact mail shows it in the subject and first line), so it
// must not be a vehicle for a link or forged lines: control characters, bidi controls (which reorder
// what a reader sees, e.g. U+202E) and anything URL-like are refused with a message under the field.
import { z } from 'zod';

/** C0/C1 controls, and the bidi controls of Unicode TR9 (embeddings, overrides, isolates, marks, ALM). */
const forbiddenCharacters = /[\p{Cc}\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/u;
// Dots that browsers and mail clients treat as a domain separator (ASCII, ideographic, full-width, half-width).
const dot = '[.\\u3002\\uFF0E\\uFF61]';
/**
 * scheme:// (http://, hxxp://, …), "www." and a domain-looking token ("evil.example", "evil.example/x",
 * "ana@evil.example"): a label, a dot, then a label of 2+ letters — what mail clients turn into links.
 * Initials ("J.R.R. Tolkien", "Ana M. Pop") do not match: each part after a dot is one letter or a space.
 */
const urlLike = new RegExp(
  `[a-z][a-z0-9+.-]*:\\/\\/|\\bwww${dot}|[\\p{L}\\p{N}-]${dot}(?:[\\p{L}\\p{N}-]+${dot})*\\p{L}{2,}`,
  'iu',
);

export const nameHasForbiddenCharacters = (name: string) => forbiddenCharacters.test(name);
export const nameLooksLikeUrl = (name: string) => urlLike.test(name);

/**
 * Trimmed, required, at most 100 characters, no control or bidi characters, nothing URL-like.
 * `label` starts each message ("Name", "Full name").
 */
export const personNameSchema = ({ label, requiredMessage }: { label: string; requiredMessage: string }) =>
  z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .max(100, `${label} must be at most 100 characters long`)
    .refine((name) => !nameHasForbiddenCharacters(name), {
      message: `${label} must not contain control or text-direction characters`,
      abort: true, // one message under the field, the first rule broken
    })
    .refine((name) => !nameLooksLikeUrl(name), {
      message: `${label} must not contain a link or web address`,
    });
