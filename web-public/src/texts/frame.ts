// The page frame's texts: the skip link, the language switch and a page that failed to load (the footer's
// are in texts/footer.ts, with the footer's code).
import { i18n } from './i18n';

export const frameTexts = i18n('frame', {
  skipLink: 'Skip to main content',
  pageUnavailableTitle: 'This page could not be loaded',
  pageUnavailableHint: 'Please check your connection, then reload the page.',
  languageSwitch: 'Language',
  loading: 'Loading…',
});
