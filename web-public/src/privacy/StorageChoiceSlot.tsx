// Always in the first download and tiny: decides whether the storage-choice banner is needed (a first
// visit, or "Privacy choices" in the footer) and only then loads it.
import { Suspense, useSyncExternalStore } from 'react';
import { lazyPart, LoadBoundary } from '../lib/lazy-part';
import { trackingAllowed } from '../tracking/privacy';
import { bannerShownOnArrival, storageChoiceState, subscribeStorageChoice } from './storage-choice';

const StorageChoiceBanner = lazyPart(() => import('./StorageChoiceBanner'));

export function StorageChoiceSlot() {
  const state = useSyncExternalStore(subscribeStorageChoice, storageChoiceState, storageChoiceState);
  const shown = state.reopened || bannerShownOnArrival(state.choice, trackingAllowed());
  if (!shown) return null;
  return (
    <LoadBoundary fallback={null}>
      <Suspense fallback={null}>
        <StorageChoiceBanner choice={state.choice} reopened={state.reopened} />
      </Suspense>
    </LoadBoundary>
  );
}
