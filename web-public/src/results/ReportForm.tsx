// The collapsible "Send My Health Report" form (spec §2, §4, §5, §8): closed → open → sending → sent
// (button "Report Sent!", disabled, a message with the address) or error (toast and inline notice).
// The e-mail decides success; the stored copy (submit-report) follows and its failure is ignored.
// Two separate boxes, neither pre-ticked: explicit consent to process the health data (required — the
// report carries it) and the newsletter (optional); both travel as `consent` with the request. The
// newsletter is double opt-in: the report mail carries a confirmation link, and the box's text says so.
// The name follows the service's own rule (reportNameSchema: no links, no control or bidi characters),
// shown under the field before anything is sent.
// The funnel's email_provided and report_sent are not tracked from here: the request carries the visitor's
// ids (report-visitor.ts) and the reports service records them when it accepted the report and mailed it.
// In pregnancy (a device-only answer) the request asks for the report without the nutrition plan — as
// `withoutPlan` alone, never saying why, so the answer itself still never leaves the device.
import '@bodymetrics/web-kit/zod-jitless';
import {
  REPORT_MAX_OFFERS,
  reportNameSchema,
  reportsRoutes,
  requiredEmailSchema,
  type ReportOffer,
  type ReportVisitor,
} from '@bodymetrics/contracts';
import type { Goal } from '@bodymetrics/health';
import { useMutation } from '@tanstack/react-query';
import { useRef, useState, type FormEvent, type RefObject } from 'react';
import { call } from '@bodymetrics/web-kit/api';
import { toast } from '@bodymetrics/web-kit/toast';
import type { Calculation } from '../flow/calculation';
import { describedBy, Field, FieldError } from '../forms/Field';
import { deviceAnswers } from '../home/device-answers';
import { offerLinkWithClickId, type AffiliateOffer } from '../lib/offers';
import { initialConsentBoxes, reportConsent, type ReportConsentBoxes } from './report-consent';
import { reportVisitor } from '../tracking/report-visitor';
import { language, useTexts } from '../texts/i18n';
import { messageIn, messageTexts } from '../texts/messages';
import { reportTexts } from '../texts/report';

export const REPORT_REQUIRED_MESSAGE = 'Name and email are required';
const emailRule = requiredEmailSchema(REPORT_REQUIRED_MESSAGE);

interface ReportBody extends ReportVisitor {
  email: string;
  name: string;
  metrics: Calculation['values'];
  selectedGoal: Goal;
  offers: ReportOffer[];
  consent: { healthData: true; newsletter: boolean };
  /** The page's language: the mail is written in it. */
  language: 'en' | 'ro';
  /** The mail leaves out the nutrition plan and its calorie figures. */
  withoutPlan: boolean;
}

async function sendReport(body: ReportBody): Promise<void> {
  await call(reportsRoutes.emailReport, { body });
  void call(reportsRoutes.submitReport, { body }).catch((error: unknown) =>
    console.debug('[report] submit-report failed (ignored)', error),
  );
}

export function reportOffers(offers: readonly AffiliateOffer[]): ReportOffer[] {
  const listed: ReportOffer[] = [];
  for (const offer of offers) {
    // A link in the mail is not a tracked click: its `{clickId}` is left empty, not sent as the placeholder.
    const url = offerLinkWithClickId(offer, '');
    if (url) listed.push({ id: offer.id, title: offer.title, description: offer.description, url });
  }
  return listed.slice(0, REPORT_MAX_OFFERS);
}

interface ReportFormProps {
  calculation: Calculation;
  goal: Goal;
  offers: readonly AffiliateOffer[];
}

export function ReportForm({ calculation, goal, offers }: ReportFormProps) {
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [touched, setTouched] = useState(false);
  const [emailError, setEmailError] = useState<string | null>(null);
  const [nameError, setNameError] = useState<string | null>(null);
  const nameRef = useRef<HTMLInputElement>(null);
  const [consentBoxes, setConsentBoxes] = useState<ReportConsentBoxes>(initialConsentBoxes);
  const [consentError, setConsentError] = useState<string | null>(null);
  const healthConsentRef = useRef<HTMLInputElement>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const emailRef = useRef<HTMLInputElement>(null);

  const report = useReportMailing(setSentTo);
  const t = useTexts(reportTexts);
  const messages = useTexts(messageTexts);

  const bothFilled = name.trim() !== '' && email.trim() !== '';
  const sent = sentTo !== null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!bothFilled || report.isPending || sent) return;
    const named = reportNameSchema.safeParse(name);
    if (!named.success) {
      setNameError(named.error.issues[0]?.message ?? REPORT_REQUIRED_MESSAGE);
      nameRef.current?.focus();
      return;
    }
    setNameError(null);
    const checked = emailRule.safeParse(email);
    if (!checked.success) {
      setEmailError(checked.error.issues[0]?.message ?? REPORT_REQUIRED_MESSAGE);
      emailRef.current?.focus();
      return;
    }
    setEmailError(null);
    const consent = reportConsent(consentBoxes);
    if (!consent.ok) {
      setConsentError(consent.message);
      healthConsentRef.current?.focus();
      return;
    }
    report.mutate({
      email: checked.data,
      name: named.data,
      metrics: calculation.values,
      selectedGoal: goal,
      offers: reportOffers(offers),
      consent: consent.consent,
      language: language.get(),
      withoutPlan: deviceAnswers().pregnant,
      // The reports service records email_provided and report_sent for this visitor (docs/counting.md).
      ...reportVisitor(),
    });
  };

  return (
    <section className="card report" aria-labelledby="report-title">
      <ReportDisclosure open={open} onToggle={() => setOpen((o) => !o)} />
      <div id="report-panel" hidden={!open}>
        <p className="muted">{t.lead}</p>
        <form data-testid="report-form" aria-labelledby="report-title" noValidate onSubmit={submit}>
          <ReportInput
            kind="name"
            value={name}
            error={messageIn(messages, nameError)}
            inputRef={nameRef}
            onValueChange={(value) => {
              setName(value);
              setTouched(true);
              setNameError(null);
            }}
          />
          <ReportInput
            kind="email"
            value={email}
            error={messageIn(messages, emailError)}
            inputRef={emailRef}
            onValueChange={(value) => {
              setEmail(value);
              setTouched(true);
              setEmailError(null);
            }}
          />
          <ConsentBoxes
            boxes={consentBoxes}
            error={messageIn(messages, consentError)}
            healthConsentRef={healthConsentRef}
            onChange={(change) => {
              setConsentBoxes((b) => ({ ...b, ...change }));
              if (change.healthData) setConsentError(null);
            }}
          />
          <PrivacyNote />
          {touched && !bothFilled ? (
            <p className="field__error" id="report-required">
              {messageIn(messages, REPORT_REQUIRED_MESSAGE)}
            </p>
          ) : null}
          <button
            type="submit"
            className="button button--primary button--block"
            disabled={!bothFilled || report.isPending || sent}
            aria-describedby={touched && !bothFilled ? 'report-required' : undefined}
          >
            {sent ? t.sent : report.isPending ? t.sending : t.send}
          </button>
          <ReportStatus sending={report.isPending} sentTo={sentTo} failed={report.isError} />
        </form>
      </div>
    </section>
  );
}

/** The report's mail, sent on submit: a toast says how it went; `onSent` gets the address it went to. */
function useReportMailing(onSent: (to: string) => void) {
  return useMutation({
    mutationFn: sendReport,
    onSuccess: (_answer, body) => {
      onSent(body.email);
      const t = reportTexts.get();
      toast({ title: t.sentToastTitle, description: t.sentToastText, duration: 5000 });
    },
    onError: (error) => {
      console.debug('[report] email-report failed', error);
      const t = reportTexts.get();
      toast({ variant: 'destructive', title: t.failedToastTitle, description: t.failedToastText });
    },
  });
}

/** The section's title, a button that opens and closes the form. */
function ReportDisclosure({ open, onToggle }: { open: boolean; onToggle: () => void }) {
  const t = useTexts(reportTexts);
  return (
    <h2 id="report-title" className="report__title">
      <button
        type="button"
        className="disclosure"
        aria-expanded={open}
        aria-controls="report-panel"
        onClick={onToggle}
      >
        <span>{t.title}</span>
        <span className="disclosure__icon" aria-hidden="true">
          {open ? '−' : '+'}
        </span>
      </button>
    </h2>
  );
}

/** The name or the e-mail address, with its message under it. */
function ReportInput({
  kind,
  value,
  error,
  inputRef,
  onValueChange,
}: {
  kind: 'name' | 'email';
  value: string;
  error: string | null;
  inputRef: RefObject<HTMLInputElement | null>;
  onValueChange: (value: string) => void;
}) {
  const id = `report-${kind}`;
  const t = useTexts(reportTexts);
  return (
    <Field controlId={id} label={t[kind]} error={error}>
      <input
        id={id}
        ref={inputRef}
        {...(kind === 'name'
          ? { type: 'text', autoComplete: 'name', maxLength: 100 }
          : { type: 'email', autoComplete: 'email', inputMode: 'email', maxLength: 254 })}
        value={value}
        {...describedBy(id, error)}
        onChange={(e) => onValueChange(e.target.value)}
      />
    </Field>
  );
}

function PrivacyNote() {
  const t = useTexts(reportTexts);
  return (
    <p className="muted report__privacy">
      {t.privacyLead}{' '}
      <a href="/legal/privacy" target="_blank" rel="noopener">
        {t.privacyLink}
      </a>{' '}
      {t.newTab}
    </p>
  );
}

/**
 * The two consent boxes, neither pre-ticked: the health data (required; its message under it) and the
 * newsletter (optional, double opt-in).
 */
function ConsentBoxes({
  boxes,
  error,
  healthConsentRef,
  onChange,
}: {
  boxes: ReportConsentBoxes;
  error: string | null;
  healthConsentRef: RefObject<HTMLInputElement | null>;
  onChange: (change: Partial<ReportConsentBoxes>) => void;
}) {
  const t = useTexts(reportTexts);
  return (
    <>
      <div className="check">
        <input
          id="report-consent-health"
          ref={healthConsentRef}
          type="checkbox"
          checked={boxes.healthData}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'report-consent-error' : undefined}
          onChange={(e) => onChange({ healthData: e.target.checked })}
        />
        <label htmlFor="report-consent-health">{t.consentHealth}</label>
      </div>
      <FieldError id="report-consent-error" message={error} />
      <div className="check">
        <input
          id="report-consent-newsletter"
          type="checkbox"
          checked={boxes.newsletter}
          onChange={(e) => onChange({ newsletter: e.target.checked })}
        />
        <label htmlFor="report-consent-newsletter">{t.consentNewsletter}</label>
      </div>
    </>
  );
}

/** Sending, sent (to which address) or failed, as the form's live status. */
function ReportStatus({
  sending,
  sentTo,
  failed,
}: {
  sending: boolean;
  sentTo: string | null;
  failed: boolean;
}) {
  const t = useTexts(reportTexts);
  return (
    <>
      <div aria-live="polite" className="report__status">
        {sending ? <p className="notice">{t.sendingNotice}</p> : null}
        {sentTo !== null ? <p className="notice notice--success">{t.sentNotice({ email: sentTo })}</p> : null}
      </div>
      {failed ? (
        <p className="notice notice--error" role="alert">
          {t.failedNotice}
        </p>
      ) : null}
    </>
  );
}
