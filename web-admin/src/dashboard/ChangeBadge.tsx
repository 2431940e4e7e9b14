// A card's change from the period before, as a small badge: an arrow and the size of the change ("▲ 12%"),
// green when the figure moved the good way, red when the bad way, grey when neither is better (mobile share).
// The arrow is drawn for the eye only; a screen reader hears the whole sentence, both figures included.
import { formatChangeSize } from '../lib/format';
import { trendOf, type Trend } from '../lib/metrics';
import { changeTexts } from '../texts';

/** Which way a figure should move: visitors up, bounce rate down; the mobile share neither. */
export type Better = 'up' | 'down' | 'neither';

const arrows: Record<Trend, string> = { up: '▲', down: '▼', same: '→', none: '' };

function toneOf(trend: Trend, better: Better): 'good' | 'bad' | 'neutral' {
  if (better === 'neither' || trend === 'same' || trend === 'none') return 'neutral';
  return trend === better ? 'good' : 'bad';
}

export function ChangeBadge({
  change,
  unit = '%',
  better,
  current,
  previous,
}: {
  /** The change: whole percent, or percentage points for a rate (`unit` 'p.p.'); null when previous is 0. */
  change: number | null;
  unit?: '%' | 'p.p.';
  better: Better;
  /** The period's figure and the previous period's, as the card writes them. */
  current: string;
  previous: string;
}) {
  const trend = trendOf(change);
  const size = formatChangeSize(change, unit);
  const sentence =
    trend === 'up'
      ? changeTexts.up(size, current, previous)
      : trend === 'down'
        ? changeTexts.down(size, current, previous)
        : trend === 'same'
          ? changeTexts.same(current)
          : changeTexts.none(current);
  return (
    <span className="change-badge" data-trend={trend} data-tone={toneOf(trend, better)} title={sentence}>
      <span aria-hidden="true">{trend === 'none' ? size : `${arrows[trend]} ${size}`}</span>
      <span className="visually-hidden">{sentence}</span>
    </span>
  );
}
