// The shape every language's catalogue must have: each screen's English texts, key for key, as strings.
// Type-only imports: this file adds nothing to any chunk.
import type { ReadableAtom } from 'nanostores';
import type { bridgeTexts } from './bridge';
import type { calculatingTexts } from './calculating';
import type { contactTexts } from './contact';
import type { deviceAnswersTexts } from './device-answers';
import type { ethnicBackgroundTexts } from './ethnic-backgrounds';
import type { footerTexts } from './footer';
import type { formTexts } from './form';
import type { frameTexts } from './frame';
import type { guidanceTexts } from './guidance';
import type { homeTexts } from './home';
import type { labelTexts } from './labels';
import type { messageTexts } from './messages';
import type { legalTexts, notFoundTexts } from './pages';
import type { reportTexts } from './report';
import type { resultsTexts } from './results';
import type { storageChoiceTexts, toasterTexts } from './storage-choice';
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
  calculating: Strings<typeof calculatingTexts>;
  bridge: Strings<typeof bridgeTexts>;
  labels: Strings<typeof labelTexts>;
  results: Strings<typeof resultsTexts>;
  report: Strings<typeof reportTexts>;
  contact: Strings<typeof contactTexts>;
  messages: Strings<typeof messageTexts>;
  notFound: Strings<typeof notFoundTexts>;
  legal: Strings<typeof legalTexts>;
  storageChoice: Strings<typeof storageChoiceTexts>;
  toaster: Strings<typeof toasterTexts>;
  guidance: Strings<typeof guidanceTexts>;
  deviceAnswers: Strings<typeof deviceAnswersTexts>;
  ethnicBackgrounds: Strings<typeof ethnicBackgroundTexts>;
}
