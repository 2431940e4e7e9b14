// Where the form's device-only answers go. Their code (the group, its texts, the choices, the on-device
// store) is fetched after the home route's first script, keeping that within its budget
// (docs/performance.md); the slot keeps the group's height meanwhile (styles.css, .device-answers-slot),
// so the submit button below does not move when it arrives.
import { lazy, Suspense, type ComponentType } from 'react';

// Optional answers: if their code cannot be fetched, the form works without them.
const DeviceOnlyAnswers = lazy<ComponentType>(() =>
  import('./DeviceOnlyAnswers').then(
    (m) => ({ default: m.DeviceOnlyAnswers }),
    () => ({ default: () => null }),
  ),
);

export function DeviceOnlyAnswersSlot() {
  return (
    <div className="device-answers-slot">
      <Suspense fallback={null}>
        <DeviceOnlyAnswers />
      </Suspense>
    </div>
  );
}
