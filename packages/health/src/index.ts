// @bodymetrics/health — the pure body-metrics engine shared by the public web app and the reports service.
export * from './constants';
export * from './enums';
export * from './numbers';
export * from './form-defaults';
export * from './form-schema';
export * from './calculate';
export * from './indicators';
export * from './nutrition';
export * from './goal';
export * from './offers-matching';
export * from './share-texts';
export * from './waist-to-height';
export * from './bmi-bands';
export * from './healthy-weight';
export * from './offer-guardrails';
export * from './labels-ro';
