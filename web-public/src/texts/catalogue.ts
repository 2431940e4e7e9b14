// The shape every language's catalogue must have: each screen's English texts, key for key, as strings.
// Type-only imports: this file adds nothing to any chunk.
import type { ReadableAtom } from 'nanostores';
import type { footerTexts } from './footer';
import type { formTexts } from './form';
import type { frameTexts } from './frame';
import type { homeTexts } from './home';
import type { testimonialsTexts } from './testimonials';
import type { validationTexts } from './validation';

type Strings<T> = T extends ReadableAtom<infer Body> ? { [K in keyof Body]: string } : never;

export interface Catalogue {
  frame: Strings<typeof frameTexts>;
  footer: Strings<typeof footerTexts>;
  home: Strings<typeof homeTexts>;
  form: Strings<typeof formTexts>;
  testimonials: Strings<typeof testimonialsTexts>;
  validation: Strings<typeof validationTexts>;
}
