// Offer impressions: the page reports which offers it showed, once they are on screen.
// Imported only by the bridge and the results page, which are lazy, so none of it weighs on the home page's
// download; the call itself goes through the tracker chunk like every other tracking call (track.ts).
import { useEffect, useRef } from 'react';
import type { OfferPlacement } from '@bodymetrics/contracts';

/**
 * Reports the offers shown at `placement` once `ready` (the offers have rendered): one call per page view
 * naming all of them. A re-render reports nothing; an offer that appears later in the same view (the list
 * refreshed) is reported once, in a call of its own. Consent and Do Not Track are the tracker's to apply.
 */
export function useOfferImpressions(
  placement: OfferPlacement,
  offerIds: readonly number[],
  ready: boolean,
): void {
  const reported = useRef(new Set<number>());
  // The ids as one value, so the effect runs when the shown offers change, not on every render.
  const shown = offerIds.join(',');
  useEffect(() => {
    if (!ready || shown === '') return;
    const fresh = shown
      .split(',')
      .map(Number)
      .filter((id) => !reported.current.has(id));
    if (fresh.length === 0) return;
    for (const id of fresh) reported.current.add(id);
    import('./tracker').then(
      (tracker) => tracker.trackOfferImpressions(placement, fresh),
      (error: unknown) => console.debug('tracking unavailable', error),
    );
  }, [placement, shown, ready]);
}
