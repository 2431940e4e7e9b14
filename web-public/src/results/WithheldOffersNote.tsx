// What the bridge and the results show in place of sponsored offers when they are withheld
// (offersWithheld): below BMI 17.5 a short neutral note pointing to eating-disorder support, in the
// operator's words when set (GET /api/affiliate-offers/support-note); in pregnancy, a note to follow a
// clinician's advice. Never a "Sponsored" tag: nothing here is sponsored.
import { offersRoutes } from '@bodymetrics/contracts';
import type { OffersWithheld } from '@bodymetrics/health';
import { useQuery } from '@tanstack/react-query';
import { call } from '@bodymetrics/web-kit/api';
import { guidanceTexts } from '../texts/guidance';
import { useTexts } from '../texts/i18n';

function useSupportNote(enabled: boolean): string {
  const t = useTexts(guidanceTexts);
  const note = useQuery({
    queryKey: [offersRoutes.supportNote.path],
    queryFn: () => call(offersRoutes.supportNote),
    enabled,
  });
  return note.data?.text ?? t.supportNoteFallback;
}

export function WithheldOffersNote({ reason }: { reason: Exclude<OffersWithheld, null> }) {
  const supportNote = useSupportNote(reason === 'support_note');
  const t = useTexts(guidanceTexts);
  const [title, text] =
    reason === 'support_note' ? [t.supportNoteTitle, supportNote] : [t.pregnancyTitle, t.pregnancyNote];
  return (
    <section
      className="card withheld-note"
      data-testid={`withheld-${reason}`}
      aria-labelledby="withheld-title"
    >
      <h2 id="withheld-title">{title}</h2>
      <p>{text}</p>
    </section>
  );
}
