// Facts about the operator that several legal texts quote. The address is a placeholder on a reserved
// domain: whoever runs the site replaces it (and reviews the texts) before going live.
export const contactEmail = 'privacy@bodymetrics.example.com';

/** When the current versions of the texts took effect; bump it with any change to a text. */
export const effectiveDate = '2026-11-27';
