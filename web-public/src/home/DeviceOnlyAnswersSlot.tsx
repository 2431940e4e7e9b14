// The form's device-only answers: their frame and the note that they stay on the device, with the controls
// inside. The controls' code (the choices, their names, the on-device store) is fetched after the home
// route's first script, keeping it within its budget (docs/performance.md); meanwhile their box keeps its
// height (one labelled select and one checkbox, whatever the width), so the submit button does not move.
import { lazy, Suspense, type ComponentType } from 'react';
import { deviceAnswersTexts as t } from '../texts/device-answers';

// Optional answers: if their code cannot be fetched, the form works without them.
const DeviceOnlyAnswers = lazy<ComponentType>(() =>
  import('./DeviceOnlyAnswers').then(
    (m) => ({ default: m.DeviceOnlyAnswers }),
    () => ({ default: () => null }),
  ),
);

/** The controls' rendered height (measured in e2e/device-only-answers.e2e.test.ts). */
const CONTROLS_HEIGHT = '8rem';

export function DeviceOnlyAnswersSlot() {
  return (
    <fieldset className="device-answers" aria-describedby="device-answers-hint">
      <legend className="field__label">{t.groupTitle}</legend>
      <p id="device-answers-hint" className="muted">
        {t.groupHint}
      </p>
      <div data-testid="device-answers-controls" style={{ minHeight: CONTROLS_HEIGHT }}>
        <Suspense fallback={null}>
          <DeviceOnlyAnswers />
        </Suspense>
      </div>
    </fieldset>
  );
}
