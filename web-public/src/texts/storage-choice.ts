// The storage-choice banner's texts (the Cookie Policy's banner) and the toaster's.
import { i18n } from './i18n';

export const storageChoiceTexts = i18n('storageChoice', {
  heading: 'Your storage choice',
  /** On arrival: the short form of `intro`; the Cookie Policy link follows it. */
  lead: 'We keep your calculator input in this browser. May we also keep a random visitor ID to count returning visits? No advertising or third-party cookies.',
  intro:
    'BodyMetrics keeps your calculator input and this choice in your browser so the site works. With your permission we also keep a random visitor ID, so that we can count returning visits; without it we use an ID that is deleted when you close this tab. We use no advertising or third-party cookies.',
  cookiePolicy: 'Cookie Policy',
  allow: 'Allow analytics storage',
  necessary: 'Necessary storage only',
  close: 'Close',
  signal:
    'Your browser sends a privacy signal (Global Privacy Control or Do Not Track), so BodyMetrics sends no analytics and keeps no visitor ID, whatever you choose here.',
  currentAnalytics: 'Your current choice: analytics storage allowed.',
  currentNecessary: 'Your current choice: necessary storage only.',
  currentNone: 'You have not chosen yet.',
});

export const toasterTexts = i18n('toaster', {
  close: 'Close',
});
