// The report form's texts (spec §2 "Send My Health Report", §8 report toasts and notices).
import { params } from '@nanostores/i18n';
import { i18n } from './i18n';

export const reportTexts = i18n('report', {
  title: 'Send My Health Report',
  lead: 'Get your full results and nutrition plan by e-mail.',
  name: 'Name',
  email: 'Email',
  consentHealth:
    'I agree that BodyMetrics processes the health information I entered (age, sex, height, weight and any measurements) to send me this report and keep a copy of it.',
  consentNewsletter:
    'Also send me the BodyMetrics newsletter with health tips and offers. I can unsubscribe at any time. The report e-mail will ask me to confirm the subscription first; without my confirmation I am not subscribed.',
  privacyLead: 'How we use and protect your data:',
  privacyLink: 'Privacy Policy',
  newTab: '(opens in a new tab).',
  send: 'Send My Report',
  sending: 'Sending...',
  sent: 'Report Sent!',
  sendingNotice: 'Sending your health report...',
  sentNotice: params('Success! Your health report has been sent to {email}.'),
  failedNotice: 'Error: Failed to send your health report. Please try again later.',
  sentToastTitle: 'Your health report has been sent!',
  sentToastText: 'Check your email for your personalized health report!',
  failedToastTitle: 'Failed to send your health report',
  failedToastText: 'Please try again later.',
});
