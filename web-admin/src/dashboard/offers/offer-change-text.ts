// One recorded change of an offer in Romanian words ("Ce" in the "Modificări" list): each changed field by
// its form label, its old value and its new one; a creation says so rather than listing ten "— → x".
import type { OfferChange, OfferField } from '@bodymetrics/contracts';
import { formatNumber } from '../../lib/format';
import { bmiCategoryLabel, goalLabel } from '../../lib/labels';
import { offerTexts } from '../../texts';

const fieldLabels: Record<OfferField, string> = {
  title: offerTexts.title,
  description: offerTexts.description,
  url: offerTexts.url,
  imageUrl: offerTexts.imageUrl,
  bmiCategory: offerTexts.bmiCategory,
  goal: offerTexts.goal,
  ctaLabel: offerTexts.ctaLabel,
  disclaimer: offerTexts.disclaimer,
  evidenceBased: 'Evidence-Based',
  active: offerTexts.columnActive,
  dailyClickCap: offerTexts.dailyClickCap,
};

function valueText(field: string, value: string | number | boolean | null): string {
  if (value === null || value === '') return '—';
  if (typeof value === 'number') return formatNumber(value);
  if (field === 'active' && typeof value === 'boolean')
    return value ? offerTexts.isActive : offerTexts.isInactive;
  if (typeof value === 'boolean') return value ? 'da' : 'nu';
  if (field === 'bmiCategory') return bmiCategoryLabel(value);
  if (field === 'goal') return goalLabel(value);
  return `„${value}”`;
}

/** "Stare: Activă → Inactivă; Textul butonului: „A” → „B”", or "a creat oferta". */
export function offerChangeText(change: OfferChange): string {
  const entries = Object.entries(change.changes);
  if (entries.length > 0 && entries.every(([, c]) => c.from === null)) return offerTexts.created;
  return entries
    .map(([field, c]) => {
      const label = fieldLabels[field as OfferField] ?? field;
      return `${label}: ${valueText(field, c.from)} → ${valueText(field, c.to)}`;
    })
    .join('; ');
}
