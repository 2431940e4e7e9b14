// An offer's content as the API and the shipped seed name it (camelCase) and the affiliate_offers columns
// it is stored in: the operator's edits (services/offers) and the seed write the same columns one way.
import type { BmiCategory, Goal } from '@bodymetrics/contracts';

/** What an offer's card says and where it is shown: everything but its link, its switch and its counters. */
export interface OfferContent {
  title: string;
  description: string;
  imageUrl: string | null;
  bmiCategory: BmiCategory;
  goal: Goal;
  ctaLabel: string;
  disclaimer: string;
  evidenceBased: boolean;
}

export const offerContentColumns = (offer: OfferContent) => ({
  title: offer.title,
  description: offer.description,
  image_url: offer.imageUrl,
  bmi_category: offer.bmiCategory,
  goal: offer.goal,
  cta_label: offer.ctaLabel,
  disclaimer: offer.disclaimer,
  evidence_based: offer.evidenceBased,
});
