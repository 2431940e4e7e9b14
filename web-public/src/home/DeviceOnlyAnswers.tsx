// The controls of the form's optional ethnic background and "I am pregnant" (their frame and the note that
// they stay on the device is DeviceOnlyAnswersSlot): they change the bands and the advice the results show,
// and are kept in device-answers.ts, never in the form's fields.
import { ETHNIC_BACKGROUNDS, isEthnicBackground } from '@bodymetrics/health';
import { Field } from '../forms/Field';
import { deviceAnswersTexts as t } from '../texts/device-answers';
import { ethnicBackgroundTexts } from '../texts/ethnic-backgrounds';
import { setDeviceAnswers, useDeviceAnswers } from './device-answers';

export function DeviceOnlyAnswers() {
  const answers = useDeviceAnswers();
  return (
    <>
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
              {ethnicBackgroundTexts[background]}
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
    </>
  );
}
