// The bridge page's texts (spec §2 "Bridge page").
import { i18n } from './i18n';

export const bridgeTexts = i18n('bridge', {
  title: 'Your BMI Result',
  recommended: 'Recommended for You',
  sponsored: 'Sponsored',
  loadingOffers: 'Loading offers…',
  learnMore: 'Learn More',
  viewResults: 'View Full Results & Analysis',
});
