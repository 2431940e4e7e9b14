// The form's optional ethnic background and "I am pregnant", with the note that they stay on the device:
// they change the bands and the advice the results show, and are kept in device-answers.ts, never in the
// form's fields. Loaded after the home route's first script (DeviceOnlyAnswersSlot).
import { ETHNIC_BACKGROUNDS, isEthnicBackground } from '@bodymetrics/health';
import { Field } from '../forms/Field';
import { deviceAnswersTexts } from '../texts/device-answers';
import { ethnicBackgroundTexts } from '../texts/ethnic-backgrounds';
import { useTexts } from '../texts/i18n';
import { setDeviceAnswers, useDeviceAnswers } from './device-answers';

export function DeviceOnlyAnswers() {
  const answers = useDeviceAnswers();
  const t = useTexts(deviceAnswersTexts);
  const backgrounds = useTexts(ethnicBackgroundTexts);
  return (
    <fieldset className="device-answers" aria-describedby="device-answers-hint">
      <legend className="field__label">{t.groupTitle}</legend>
      <p id="device-answers-hint" className="muted device-answers__hint">
        {t.groupHint}
      </p>
      <Field controlId="device-ethnic-background" label={t.ethnicBackground}>
        <select
          id="device-ethnic-background"
          value={answers.ethnicBackground ?? ''}
          onChange={(e) =>
            setDeviceAnswers({
              ethnicBackground: isEthnicBackground(e.target.value) ? e.target.value : undefined,
            })
          }
        >
          <option value="">{t.preferNotToSay}</option>
          {ETHNIC_BACKGROUNDS.map((background) => (
            <option key={background} value={background}>
              {backgrounds[background]}
            </option>
          ))}
        </select>
      </Field>
      <div className="check">
        <input
          id="device-pregnant"
          type="checkbox"
          checked={answers.pregnant}
          onChange={(e) => setDeviceAnswers({ pregnant: e.target.checked })}
        />
        <label htmlFor="device-pregnant">{t.pregnant}</label>
      </div>
    </fieldset>
  );
}
