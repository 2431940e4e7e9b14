// Spec §9: a toast stays 5000 ms; a swipe to the right past 50 px dismisses it; F8 focuses the region.
export const toastDurationMs = 5000;
export const toastSwipeThresholdPx = 50;
export const toastHotkey = ['F8'];
