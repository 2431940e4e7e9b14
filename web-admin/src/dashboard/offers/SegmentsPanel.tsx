// "Segmente" (Oferte tab): every BMI category × goal with its mode (manual: the operator's order; automat: by
// share) and floor, switched here; and per active offer its share, impressions, conversions, revenue per
// impression with its 95 % interval and probability of being best (docs/counting.md: Share), said in one
// sentence above; each segment's changes ("Modificări": who, when, what), as an offer's.
import {
  maxShareFloor,
  minShareFloor,
  type OfferChange,
  type OfferSegment,
  type SegmentMode,
  type SegmentOffer,
} from '@bodymetrics/contracts';
import { isHttpError } from '@bodymetrics/web-kit/api';
import { toast } from '@bodymetrics/web-kit/toast';
import { useId, useState, type FormEvent } from 'react';
import { formatDateTime, formatNumber, formatPercent, placeholder } from '../../lib/format';
import { bmiCategoryLabel, goalLabel } from '../../lib/labels';
import { offerTexts, segmentTexts } from '../../texts';
import { DataTable } from '../DataTable';
import { Panel } from '../Panel';
import { QueryState } from '../QueryState';
import { useOfferSegments, useSaveSegment } from './offer-segments-queries';
import { useCanChange } from '../../auth/admin-role';

const segmentName = (segment: Pick<OfferSegment, 'bmiCategory' | 'goal'>) =>
  segmentTexts.segmentOf(bmiCategoryLabel(segment.bmiCategory), goalLabel(segment.goal));

/** Revenue per impression is a few hundredths of the currency, a floor a few hundredths: four decimals. */
const fourDecimals = new Intl.NumberFormat('ro-RO', { maximumFractionDigits: 4 });
const ratio = (value: number) => formatPercent(Math.round(value * 1000) / 10);
const modeLabel = (mode: string) => (mode === 'auto' ? segmentTexts.auto : segmentTexts.manual);

export function SegmentsPanel() {
  const segments = useOfferSegments();
  return (
    <Panel title={segmentTexts.heading}>
      <p className="muted">{segmentTexts.explanation}</p>
      <QueryState query={segments} isEmpty={(rows) => rows.length === 0}>
        {(rows) => (
          <div className="segments">
            {rows.map((segment) => (
              <SegmentBlock key={`${segment.bmiCategory}-${segment.goal}`} segment={segment} />
            ))}
          </div>
        )}
      </QueryState>
    </Panel>
  );
}

/** One segment: its mode and floor (changed together), its offers' figures and its changes. */
function SegmentBlock({ segment }: { segment: OfferSegment }) {
  const name = segmentName(segment);
  const [historyShown, setHistoryShown] = useState(false);
  const canChange = useCanChange();
  return (
    <section
      className="segment"
      aria-label={name}
      data-testid={`segment-${segment.bmiCategory}-${segment.goal}`}
    >
      <h4>{name}</h4>
      {canChange ? <SegmentSettingsForm segment={segment} name={name} /> : null}
      <p className="muted">
        {segment.computedAt
          ? segmentTexts.computedAt(formatDateTime(segment.computedAt))
          : segmentTexts.notComputed}
      </p>
      {segment.offers.length === 0 ? (
        <p className="muted">{segmentTexts.noOffers}</p>
      ) : (
        <SegmentOffers segment={segment} name={name} />
      )}
      <button
        type="button"
        className="button button-secondary button-small"
        aria-label={segmentTexts.historyOf(name)}
        aria-pressed={historyShown}
        onClick={() => setHistoryShown(!historyShown)}
      >
        {segmentTexts.history}
      </button>
      {historyShown ? <SegmentHistory changes={segment.changes} name={name} /> : null}
    </section>
  );
}

/** The mode switch and the floor, sent together with "Aplică". */
function SegmentSettingsForm({ segment, name }: { segment: OfferSegment; name: string }) {
  const ids = useId();
  const save = useSaveSegment();
  const [mode, setMode] = useState<SegmentMode>(segment.mode);
  const [floor, setFloor] = useState(String(segment.floor).replace('.', ','));
  const [error, setError] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    const value = Number(floor.trim().replace(',', '.'));
    if (!(floor.trim() !== '' && value >= minShareFloor && value <= maxShareFloor)) {
      setError(segmentTexts.floorError);
      return;
    }
    setError(null);
    save.mutate(
      { segment: { bmiCategory: segment.bmiCategory, goal: segment.goal }, settings: { mode, floor: value } },
      {
        onSuccess: () => toast({ title: segmentTexts.savedTitle, description: name }),
        onError: (err) => {
          const message = (isHttpError(err) && err.serverError().message) || err.message;
          setError(message);
          toast({ title: segmentTexts.saveFailedTitle, description: message, variant: 'destructive' });
        },
      },
    );
  }

  return (
    <form className="segment-settings" onSubmit={submit} noValidate>
      <label htmlFor={`${ids}-mode`}>{segmentTexts.mode}</label>
      <select
        id={`${ids}-mode`}
        aria-label={segmentTexts.modeOf(name)}
        value={mode}
        onChange={(e) => setMode(e.target.value as SegmentMode)}
      >
        <option value="manual">{segmentTexts.manual}</option>
        <option value="auto">{segmentTexts.auto}</option>
      </select>
      <label htmlFor={`${ids}-floor`}>
        {segmentTexts.floor} ({segmentTexts.floorHint})
      </label>
      <input
        id={`${ids}-floor`}
        aria-label={segmentTexts.floorOf(name)}
        inputMode="decimal"
        value={floor}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${ids}-error` : undefined}
        onChange={(e) => setFloor(e.target.value)}
      />
      <button
        type="submit"
        className="button button-primary button-small"
        aria-label={segmentTexts.saveOf(name)}
        disabled={save.isPending}
      >
        {segmentTexts.save}
      </button>
      {error ? (
        <p id={`${ids}-error`} role="alert" className="form-error">
          {error}
        </p>
      ) : null}
    </form>
  );
}

function SegmentOffers({ segment, name }: { segment: OfferSegment; name: string }) {
  return (
    <DataTable<SegmentOffer>
      caption={segmentTexts.offersOf(name)}
      captionHidden
      rows={segment.offers}
      rowKey={(o) => o.offerId}
      testId={`segment-offers-${segment.bmiCategory}-${segment.goal}`}
      columns={[
        { header: segmentTexts.columnOffer, cell: (o) => o.title },
        {
          header: segmentTexts.columnShare,
          cell: (o) => (o.share === null ? placeholder : ratio(o.share)),
          numeric: true,
        },
        { header: segmentTexts.columnImpressions, cell: (o) => formatNumber(o.impressions), numeric: true },
        { header: segmentTexts.columnConversions, cell: (o) => formatNumber(o.conversions), numeric: true },
        {
          header: segmentTexts.columnRevenuePerImpression,
          cell: (o) =>
            `${o.revenuePerImpression === null ? placeholder : fourDecimals.format(o.revenuePerImpression)} (${fourDecimals.format(o.revenuePerImpressionLow)}–${fourDecimals.format(o.revenuePerImpressionHigh)})`,
          numeric: true,
        },
        {
          header: segmentTexts.columnProbabilityBest,
          cell: (o) => ratio(o.probabilityBest),
          numeric: true,
        },
      ]}
    />
  );
}

/** A change of mode or floor in Romanian words. */
function segmentChangeText(change: OfferChange): string {
  return Object.entries(change.changes)
    .map(([field, c]) =>
      field === 'mode'
        ? segmentTexts.modeChange(modeLabel(String(c.from)), modeLabel(String(c.to)))
        : segmentTexts.floorChange(fourDecimals.format(Number(c.from)), fourDecimals.format(Number(c.to))),
    )
    .join('; ');
}

function SegmentHistory({ changes, name }: { changes: OfferChange[]; name: string }) {
  if (changes.length === 0) return <p className="muted">{segmentTexts.historyEmpty}</p>;
  return (
    <DataTable
      caption={segmentTexts.historyOf(name)}
      captionHidden
      rows={changes}
      rowKey={(c) => c.id}
      columns={[
        { header: offerTexts.who, cell: (c) => c.adminUsername ?? offerTexts.unknownAdmin },
        { header: offerTexts.when, cell: (c) => formatDateTime(c.changedAt) },
        { header: offerTexts.what, cell: (c) => segmentChangeText(c) },
      ]}
    />
  );
}
