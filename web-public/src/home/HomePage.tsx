// The home flow of spec §2 and §4: form → calculating (3 s) → bridge overlay → full results. The form
// and the step live in the saved flow (localStorage), so a reload returns the visitor to where they were. The
// calculating screen's and the bridge's code is fetched while the visitor fills the form, the results'
// while the animation runs, and each step waits for its code before it is shown: no loading placeholder
// between the steps. A part whose code cannot be loaded (after one retry) is a calculation failure:
// the spec's error toast, and the form back.
import {
  CALCULATION_FAILED_MESSAGE,
  type HealthFormValues,
  type HealthResult,
  type MeasurementSystem,
} from '@bodymetrics/health';
import { Suspense, useEffect, useState, type Dispatch, type SetStateAction } from 'react';
import { toast } from '@bodymetrics/web-kit/toast';
import type { Calculation } from '../flow/calculation';
import { PageLoading } from '../layout/PageLoading';
import { homeTexts } from '../texts/home';
import { useTexts } from '../texts/i18n';
import { lazyPart, LoadBoundary } from '../lib/lazy-part';
import { browserStorage } from '../lib/storage';
import { clearSavedFlow, readSavedFlow, writeSavedFlow, type FlowStep } from '../flow/saved-flow';
import { trackFlowStage, trackFormSnapshot, trackJourney } from '../tracking/track';
import {
  initialFormFields,
  switchMeasurementSystem,
  type FormFieldName,
  type FormFields,
} from './form-fields';
import { HealthForm } from './HealthForm';
import { loadFormCheck } from './load-form-check';
import { RotatingHeadline } from './RotatingHeadline';
import { TrustBadges } from './TrustBadges';

const CalculatingScreen = lazyPart(() =>
  import('./CalculatingScreen').then((m) => ({ default: m.CalculatingScreen })),
);
const BridgeOverlay = lazyPart(() => import('../bridge/BridgeOverlay'));
const ResultsPage = lazyPart(() => import('../results/ResultsPage'));
const Testimonials = lazyPart(() => import('./Testimonials'));
const ignore = () => undefined;

/** What the submit needs next, fetched once the visitor starts on the form (or the page is idle). */
function prefetchFlow() {
  void loadFormCheck().catch(ignore);
  void CalculatingScreen.preload().catch(ignore);
  void BridgeOverlay.preload().catch(ignore);
}

/** Spec §8 "Calculation failure": the error toast; the caller returns the form. */
function toastCalculationFailed(error?: unknown) {
  console.debug(error instanceof Error ? error.message : CALCULATION_FAILED_MESSAGE);
  const t = homeTexts.get();
  toast({ variant: 'destructive', title: t.errorTitle, description: t.calculationFailed });
}

interface HomeState {
  fields: FormFields;
  step: FlowStep;
  calculation: Calculation | null;
}

/**
 * The saved flow as the page starts. A visitor who reloads on the bridge or the results sees them again
 * (recomputed from the stored form); the animation is not resumed — a reload during it shows the form,
 * filled in, ready to submit again.
 */
function restoreHomeState(): HomeState {
  const saved = readSavedFlow(browserStorage('localStorage'));
  if (!saved) return { fields: initialFormFields(), step: 'form', calculation: null };
  if (saved.currentStep === 'bridge' || saved.currentStep === 'results') {
    // Recomputed once the validation module has loaded (see the effect in HomePage).
    return { fields: saved.formData, step: saved.currentStep, calculation: null };
  }
  return { fields: saved.formData, step: 'form', calculation: null };
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
  /** Submitted and valid, waiting for the calculating screen's code. */
  const [preparing, setPreparing] = useState(false);

  const failed = (error?: unknown) => {
    toastCalculationFailed(error);
    setPreparing(false);
    setState((s) => ({ ...s, step: 'form', calculation: null }));
  };
  /** Moves on once the next step's code is here, or fails the calculation. */
  const showWhenLoaded = (part: { preload: () => Promise<void> }, next: () => void) => {
    part.preload().then(next, failed);
  };

  usePrefetchWhenIdle();
  const restoring = (step === 'bridge' || step === 'results') && !calculation;
  useRestoredCalculation(restoring, state, setState, failed);
  useLandingAndStage(step);
  useSavedFlow(fields, step);

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
    setPreparing(true);
    try {
      // Already loaded: the form needed the same module to validate.
      const { calculateHealthMetrics } = await loadFormCheck();
      result = calculateHealthMetrics(values);
      // Usually fetched while the form was filled in; otherwise the button says "Processing..." meanwhile.
      await CalculatingScreen.preload();
    } catch (error) {
      failed(error);
      return;
    }
    setPreparing(false);
    trackJourney('form_completed', { bmiCategory: result.bmiCategory });
    // Fetched while the animation runs; a failure of the parts shows when they are needed.
    import('../lib/offers').then((offers) => offers.prefetchOffers(), ignore);
    void BridgeOverlay.preload().catch(ignore);
    void ResultsPage.preload().catch(ignore);
    setState((s) => ({ ...s, step: 'calculating', calculation: { values, result } }));
  };

  const startOver = () => {
    clearSavedFlow(browserStorage('localStorage'));
    setState({ fields: initialFormFields(), step: 'form', calculation: null });
    window.scrollTo(0, 0);
  };

  if (restoring) return <PageLoading />;

  if (step === 'calculating' && calculation) {
    return (
      <div className="page page--narrow">
        <LoadBoundary fallback={null} onError={failed}>
          <Suspense fallback={<PageLoading />}>
            <CalculatingScreen
              onComplete={() =>
                showWhenLoaded(BridgeOverlay, () => setState((s) => ({ ...s, step: 'bridge' })))
              }
              onStartOver={startOver}
            />
          </Suspense>
        </LoadBoundary>
      </div>
    );
  }

  if ((step === 'bridge' || step === 'results') && calculation) {
    return (
      <LoadBoundary fallback={null} onError={failed}>
        <Suspense fallback={<PageLoading />}>
          {step === 'bridge' ? (
            <BridgeOverlay
              result={calculation.result}
              onContinue={() => {
                trackJourney('bridge_to_full_results');
                showWhenLoaded(ResultsPage, () => setState((s) => ({ ...s, step: 'results' })));
              }}
            />
          ) : (
            <ResultsPage calculation={calculation} />
          )}
        </Suspense>
      </LoadBoundary>
    );
  }

  return (
    <div className="page home">
      <Hero />
      <HealthForm
        fields={fields}
        processing={step === 'calculating' || preparing}
        onFieldChange={(name, value) => updateFields({ ...fields, [name]: value }, name)}
        onSystemChange={(system: MeasurementSystem) =>
          updateFields(switchMeasurementSystem(fields, system), 'measurementSystem')
        }
        onValid={onValid}
        onUnavailable={failed}
        onEngage={prefetchFlow}
      />
      <LoadBoundary fallback={null}>
        <Suspense fallback={null}>
          <Testimonials />
        </Suspense>
      </LoadBoundary>
    </div>
  );
}

/** A visitor who does not touch the form (a keyboard user reading first) still gets the code early. */
function usePrefetchWhenIdle() {
  useEffect(() => {
    const timer = window.setTimeout(prefetchFlow, 3000);
    return () => window.clearTimeout(timer);
  }, []);
}

/**
 * A visitor who reloaded on the bridge or the results: the calculation again from the saved form, once the
 * validation module and the step's code are here; the form when the saved values no longer pass.
 */
function useRestoredCalculation(
  restoring: boolean,
  { fields, step }: HomeState,
  setState: Dispatch<SetStateAction<HomeState>>,
  failed: (error?: unknown) => void,
) {
  useEffect(() => {
    if (!restoring) return;
    let cancelled = false;
    const part = step === 'bridge' ? BridgeOverlay : ResultsPage;
    void Promise.all([loadFormCheck(), part.preload()])
      .then(([formCheck]) => calculate(formCheck, fields))
      .then(
        (restored) => {
          if (cancelled) return;
          setState((s) => (restored ? { ...s, calculation: restored } : { ...s, step: 'form' }));
        },
        (error: unknown) => {
          if (!cancelled) failed(error);
        },
      );
    return () => {
      cancelled = true;
    };
  }, [restoring, fields]);
}

/** The landing step once per page load, and the live list's "stage": the step seen, not just the path `/`. */
function useLandingAndStage(step: FlowStep) {
  useEffect(() => trackFlowStage(step), [step]);

  useEffect(() => {
    if (landingTracked) return;
    landingTracked = true;
    trackJourney('landing');
  }, []);
}

/** The form and the step, saved as they change; an untouched form is nothing to save. */
function useSavedFlow(fields: FormFields, step: FlowStep) {
  useEffect(() => {
    const storage = browserStorage('localStorage');
    // After "start over" the storage stays cleared.
    if (step === 'form' && isUntouched(fields)) clearSavedFlow(storage);
    else writeSavedFlow(storage, { formData: fields, currentStep: step });
  }, [fields, step]);
}

function Hero() {
  const t = useTexts(homeTexts);
  return (
    <section className="hero" aria-labelledby="hero-title">
      <h1 id="hero-title" className="hero__title">
        {t.title}
      </h1>
      <RotatingHeadline />
      <p className="hero__lead">{t.lead}</p>
      <TrustBadges />
    </section>
  );
}
