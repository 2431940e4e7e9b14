// The home flow of spec §2 and §4: form → calculating (3 s) → bridge overlay → full results. The form
// and the step live in the local session, so a reload returns the visitor to where they were; the bridge
// and results code is fetched while the animation runs.
import {
  CALCULATION_FAILED_MESSAGE,
  type HealthFormValues,
  type HealthResult,
  type MeasurementSystem,
} from '@bodymetrics/health';
import { lazy, Suspense, useEffect, useState } from 'react';
import { PageLoading } from '../layout/PageLoading';
import { browserStorage } from '../lib/storage';
import { clearFlowSession, readFlowSession, writeFlowSession, type FlowStep } from '../session/flow-session';
import { toast } from '../toast/toast-store';
import { trackFormSnapshot, trackJourney } from '../tracking/track';
import {
  initialFormFields,
  switchMeasurementSystem,
  type FormFieldName,
  type FormFields,
} from './form-fields';
import { HealthForm } from './HealthForm';
import { loadFormCheck } from './load-form-check';
import { RotatingHeadline } from './RotatingHeadline';
import { Testimonials } from './Testimonials';
import { TrustBadges } from './TrustBadges';

const loadCalculating = () => import('./CalculatingScreen').then((m) => ({ default: m.CalculatingScreen }));
const CalculatingScreen = lazy(loadCalculating);
const loadBridge = () => import('../bridge/BridgeOverlay');
const loadResults = () => import('../results/ResultsPage');
const BridgeOverlay = lazy(loadBridge);
const ResultsPage = lazy(loadResults);

export interface Calculation {
  values: HealthFormValues;
  result: HealthResult;
}

interface HomeState {
  fields: FormFields;
  step: FlowStep;
  calculation: Calculation | null;
}

/**
 * The session as the page starts. A visitor who reloads on the bridge or the results sees them again
 * (recomputed from the stored form); the animation is not resumed — a reload during it shows the form,
 * filled in, ready to submit again.
 */
function restoreHomeState(): HomeState {
  const session = readFlowSession(browserStorage('localStorage'));
  if (!session) return { fields: initialFormFields(), step: 'form', calculation: null };
  if (session.currentStep === 'bridge' || session.currentStep === 'results') {
    // Recomputed once the validation module has loaded (see the effect in HomePage).
    return { fields: session.formData, step: session.currentStep, calculation: null };
  }
  return { fields: session.formData, step: 'form', calculation: null };
}

function calculate(
  { checkForm, calculateHealthMetrics }: Awaited<ReturnType<typeof loadFormCheck>>,
  fields: FormFields,
): Calculation | null {
  const check = checkForm(fields);
  if (!check.ok) return null;
  try {
    return { values: check.values, result: calculateHealthMetrics(check.values) };
  } catch {
    return null;
  }
}

function isUntouched(fields: FormFields): boolean {
  const initial = initialFormFields();
  return (Object.keys(initial) as FormFieldName[]).every((name) => fields[name] === initial[name]);
}

// Once per page load: reloading is a new landing, switching routes and coming back is not.
let landingTracked = false;
let formStartTracked = false;

export default function HomePage() {
  const [state, setState] = useState(restoreHomeState);
  const { fields, step, calculation } = state;

  // The calculating screen's code, fetched once the page is idle so the submit shows it at once.
  useEffect(() => {
    const timer = window.setTimeout(() => void loadCalculating().catch(() => undefined), 1500);
    return () => window.clearTimeout(timer);
  }, []);

  const restoring = (step === 'bridge' || step === 'results') && !calculation;
  useEffect(() => {
    if (!restoring) return;
    let cancelled = false;
    void loadFormCheck()
      .then((formCheck) => calculate(formCheck, fields))
      .catch(() => null)
      .then((restored) => {
        if (cancelled) return;
        setState((s) => (restored ? { ...s, calculation: restored } : { ...s, step: 'form' }));
      });
    return () => {
      cancelled = true;
    };
  }, [restoring, fields]);

  useEffect(() => {
    if (landingTracked) return;
    landingTracked = true;
    trackJourney('landing');
  }, []);

  useEffect(() => {
    const storage = browserStorage('localStorage');
    // An untouched form is no session: after "start over" the storage stays cleared.
    if (step === 'form' && isUntouched(fields)) clearFlowSession(storage);
    else writeFlowSession(storage, { formData: fields, currentStep: step });
  }, [fields, step]);

  const updateFields = (next: FormFields, changed: FormFieldName) => {
    setState((s) => ({ ...s, fields: next }));
    trackFormSnapshot(next, 'form');
    if (changed === 'age' && next.age.trim() !== '' && !formStartTracked) {
      formStartTracked = true;
      trackJourney('form_started');
    }
  };

  const onValid = async (values: HealthFormValues) => {
    let result: HealthResult;
    try {
      // Already loaded: the form needed the same module to validate.
      const { calculateHealthMetrics } = await loadFormCheck();
      void loadCalculating().catch(() => undefined);
      result = calculateHealthMetrics(values);
    } catch (error) {
      console.debug(error instanceof Error ? error.message : CALCULATION_FAILED_MESSAGE);
      toast({
        variant: 'destructive',
        title: 'Error',
        description: 'Failed to calculate health metrics. Please try again.',
      });
      setState((s) => ({ ...s, step: 'form', calculation: null }));
      return;
    }
    trackJourney('form_completed', { bmiCategory: result.bmiCategory });
    // Fetched while the animation runs; a failure here surfaces (or not) when the parts are shown.
    const ignore = () => undefined;
    import('../lib/offers').then((offers) => offers.prefetchOffers(), ignore);
    loadBridge().catch(ignore);
    loadResults().catch(ignore);
    setState((s) => ({ ...s, step: 'calculating', calculation: { values, result } }));
  };

  const startOver = () => {
    clearFlowSession(browserStorage('localStorage'));
    setState({ fields: initialFormFields(), step: 'form', calculation: null });
    window.scrollTo(0, 0);
  };

  if (restoring) return <PageLoading />;

  if (step === 'calculating' && calculation) {
    return (
      <div className="page page--narrow">
        <Suspense fallback={<PageLoading />}>
          <CalculatingScreen
            onComplete={() => setState((s) => ({ ...s, step: 'bridge' }))}
            onStartOver={startOver}
          />
        </Suspense>
      </div>
    );
  }

  if ((step === 'bridge' || step === 'results') && calculation) {
    return (
      <Suspense fallback={<PageLoading />}>
        {step === 'bridge' ? (
          <BridgeOverlay
            result={calculation.result}
            onContinue={() => {
              trackJourney('bridge_to_full_results');
              setState((s) => ({ ...s, step: 'results' }));
            }}
          />
        ) : (
          <ResultsPage calculation={calculation} />
        )}
      </Suspense>
    );
  }

  return (
    <div className="page home">
      <section className="hero" aria-labelledby="hero-title">
        <h1 id="hero-title" className="hero__title">
          Free BMI &amp; Body Health Calculator
        </h1>
        <RotatingHeadline />
        <p className="hero__lead">
          Get your BMI, body fat, waist-hip ratio, daily energy need and metabolic age in one free report.
        </p>
        <TrustBadges />
      </section>
      <HealthForm
        fields={fields}
        processing={step === 'calculating'}
        onFieldChange={(name, value) => updateFields({ ...fields, [name]: value }, name)}
        onSystemChange={(system: MeasurementSystem) =>
          updateFields(switchMeasurementSystem(fields, system), 'measurementSystem')
        }
        onValid={onValid}
      />
      <Testimonials />
    </div>
  );
}
