// Client checks of the offer form: the same rules as the server's contract
// (contracts admin-offers.ts offerFieldsSchema) in Romanian, one message per field, so the operator sees
// every problem at once beside its field before anything is sent.
import {
  bmiCategories,
  clickIdPlaceholderMisplaced,
  goals,
  maxDailyClickCap,
  type OfferFields,
} from '@bodymetrics/contracts';
import { offerFormMessages } from '../texts';

/** The form's state: text fields as typed (the daily cap too: empty for none), the two switches as booleans. */
export interface OfferFormValues {
  title: string;
  description: string;
  url: string;
  imageUrl: string;
  bmiCategory: string;
  goal: string;
  ctaLabel: string;
  disclaimer: string;
  dailyClickCap: string;
  evidenceBased: boolean;
  active: boolean;
}

export type OfferFormErrors = Partial<Record<keyof OfferFormValues, string>>;

export const emptyOfferForm: OfferFormValues = {
  title: '',
  description: '',
  url: '',
  imageUrl: '',
  bmiCategory: '',
  goal: '',
  ctaLabel: '',
  disclaimer: '',
  dailyClickCap: '',
  evidenceBased: false,
  active: true,
};

const limits = { title: 200, description: 2000, url: 2048, imageUrl: 2048, ctaLabel: 60, disclaimer: 300 };

function isHttpsUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname !== '';
  } catch {
    return false;
  }
}

function textError(value: string, max: number, required: boolean): string | undefined {
  const trimmed = value.trim();
  if (required && !trimmed) return offerFormMessages.required;
  if (trimmed.length > max) return offerFormMessages.tooLong(max);
  return undefined;
}

/** A daily click cap as typed: none when empty, else a whole number of clicks from 1 to the contract's bound. */
function capError(cap: string): string | undefined {
  if (cap === '') return undefined;
  const clicks = Number(cap);
  return /^[0-9]+$/.test(cap) && clicks >= 1 && clicks <= maxDailyClickCap
    ? undefined
    : offerFormMessages.dailyClickCap(maxDailyClickCap);
}

/** Every field the form's values break, with its message; empty when the form may be sent. */
export function offerFormErrors(values: OfferFormValues): OfferFormErrors {
  const errors: OfferFormErrors = {};
  const set = (field: keyof OfferFormValues, message: string | undefined) => {
    if (message) errors[field] = message;
  };
  set('title', textError(values.title, limits.title, true));
  set('description', textError(values.description, limits.description, true));
  set(
    'url',
    textError(values.url, limits.url, true) ??
      (isHttpsUrl(values.url.trim()) ? undefined : offerFormMessages.https) ??
      (clickIdPlaceholderMisplaced(values.url.trim()) ? offerFormMessages.clickIdPlace : undefined),
  );
  if (values.imageUrl.trim()) {
    set(
      'imageUrl',
      textError(values.imageUrl, limits.imageUrl, false) ??
        (isHttpsUrl(values.imageUrl.trim()) ? undefined : offerFormMessages.https),
    );
  }
  if (!(bmiCategories as readonly string[]).includes(values.bmiCategory))
    set('bmiCategory', offerFormMessages.choose);
  if (!(goals as readonly string[]).includes(values.goal)) set('goal', offerFormMessages.choose);
  set('ctaLabel', textError(values.ctaLabel, limits.ctaLabel, true));
  set('disclaimer', textError(values.disclaimer, limits.disclaimer, false));
  set('dailyClickCap', capError(values.dailyClickCap.trim()));
  return errors;
}

/** The body of POST /api/admin/offers (and of its PATCH) from values that passed offerFormErrors. */
export function offerFieldsOf(values: OfferFormValues): OfferFields {
  return {
    title: values.title.trim(),
    description: values.description.trim(),
    url: values.url.trim(),
    imageUrl: values.imageUrl.trim() || null,
    bmiCategory: values.bmiCategory as OfferFields['bmiCategory'],
    goal: values.goal as OfferFields['goal'],
    ctaLabel: values.ctaLabel.trim(),
    disclaimer: values.disclaimer.trim(),
    evidenceBased: values.evidenceBased,
    active: values.active,
    dailyClickCap: values.dailyClickCap.trim() === '' ? null : Number(values.dailyClickCap.trim()),
  };
}

/** The form's values for an existing offer. */
export function offerFormValuesOf(offer: OfferFields): OfferFormValues {
  return {
    ...offer,
    imageUrl: offer.imageUrl ?? '',
    dailyClickCap: offer.dailyClickCap == null ? '' : String(offer.dailyClickCap),
  };
}
