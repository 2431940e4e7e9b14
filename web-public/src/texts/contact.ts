// The contact page's texts (spec §2 Contact page, §5 reasons, §8 contact toasts).
import { i18n } from './i18n';

export const contactTexts = i18n('contact', {
  documentTitle: 'Contact Us | BodyMetrics',
  title: 'Contact Us',
  lead: 'Questions, feedback or partnership ideas? Send us a message.',
  fullName: 'Full Name',
  email: 'Email',
  reason: 'Reason for Contact',
  message: 'Message',
  selectReason: 'Select a reason',
  'General Inquiry': 'General Inquiry',
  'Technical Support': 'Technical Support',
  'Feedback & Suggestions': 'Feedback & Suggestions',
  'Advertising & Partnership': 'Advertising & Partnership',
  'Report an Issue': 'Report an Issue',
  Legal: 'Legal',
  thanks: 'Thank you!',
  sentText: "Your message has been sent. We'll get back to you soon.",
  sendAnother: 'Send Another Message',
  send: 'Send Message',
  sending: 'Sending...',
  sentToastTitle: 'Message Sent Successfully!',
  sentToastText: "We'll get back to you soon.",
  errorToastTitle: 'Error',
  errorToastText: 'Something went wrong. Please try again later.',
});
