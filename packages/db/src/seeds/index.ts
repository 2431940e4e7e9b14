export * from './seed-content';
export { seedAffiliateOffers, type SeedAffiliateOffer } from './affiliate-offers';
export { seedLegalPages, type SeedLegalPage } from './legal';
export { seedLegalPagesRo } from './legal/ro';
