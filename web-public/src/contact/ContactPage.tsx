// The contact page (spec §2, §5, §8): validated with the same rules the server applies, so the visitor
// sees the spec's messages under each field before anything is sent.
import '@bodymetrics/web-kit/zod-jitless';
import { contactBodySchema, contactReasons, reportsRoutes, type ContactBody } from '@bodymetrics/contracts';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { call } from '@bodymetrics/web-kit/api';
import { toast } from '@bodymetrics/web-kit/toast';
import { withQueryClient } from '../lib/with-query-client';

type ContactField = keyof ContactBody;
type ContactFields = Record<ContactField, string>;
const EMPTY: ContactFields = { fullName: '', email: '', reason: '', message: '' };
const FIELD_ORDER: readonly ContactField[] = ['fullName', 'email', 'reason', 'message'];
const FIELD_LABELS: Record<ContactField, string> = {
  fullName: 'Full Name',
  email: 'Email',
  reason: 'Reason for Contact',
  message: 'Message',
};

const inputId = (field: ContactField) => `contact-${field}`;
const errorId = (field: ContactField) => `contact-${field}-error`;

function ContactPage() {
  const [fields, setFields] = useState<ContactFields>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<ContactField, string>>>({});
  const [sent, setSent] = useState(false);
  const panelRef = useRef<HTMLDivElement>(null);

  // The focused send button is replaced by the panel: keep the focus on what replaced it.
  useEffect(() => {
    if (sent) panelRef.current?.focus();
  }, [sent]);

  useEffect(() => {
    const previous = document.title;
    document.title = 'Contact Us | BodyMetrics';
    return () => {
      document.title = previous;
    };
  }, []);

  const contact = useMutation({
    mutationFn: (body: ContactBody) => call(reportsRoutes.contact, { body }),
    onSuccess: () => {
      setFields(EMPTY);
      setSent(true);
      toast({ title: 'Message Sent Successfully!', description: "We'll get back to you soon." });
    },
    onError: (error) => {
      console.debug('[contact] failed', error);
      toast({
        variant: 'destructive',
        title: 'Error',
        description: 'Something went wrong. Please try again later.',
      });
    },
  });

  const change = (field: ContactField, value: string) => {
    setFields((f) => ({ ...f, [field]: value }));
    if (errors[field]) setErrors(({ [field]: _cleared, ...rest }) => rest);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (contact.isPending) return;
    const parsed = contactBodySchema.safeParse(fields);
    if (!parsed.success) {
      const found: Partial<Record<ContactField, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as ContactField;
        if (FIELD_ORDER.includes(field)) found[field] ??= issue.message;
      }
      setErrors(found);
      const first = FIELD_ORDER.find((f) => found[f]);
      if (first) document.getElementById(inputId(first))?.focus();
      return;
    }
    setErrors({});
    contact.mutate(parsed.data);
  };

  const described = (field: ContactField) =>
    errors[field] ? { 'aria-invalid': true as const, 'aria-describedby': errorId(field) } : {};
  const fieldError = (field: ContactField) =>
    errors[field] ? (
      <p className="field__error" id={errorId(field)}>
        {errors[field]}
      </p>
    ) : null;

  return (
    <div className="page page--narrow">
      <section className="card" aria-labelledby="contact-title">
        <h1 id="contact-title">Contact Us</h1>
        <p className="muted">Questions, feedback or partnership ideas? Send us a message.</p>
        <form data-testid="contact-form" aria-labelledby="contact-title" noValidate onSubmit={submit}>
          <div className="field">
            <label className="field__label" htmlFor={inputId('fullName')}>
              {FIELD_LABELS.fullName}
            </label>
            <input
              id={inputId('fullName')}
              type="text"
              autoComplete="name"
              maxLength={100}
              value={fields.fullName}
              onChange={(e) => change('fullName', e.target.value)}
              {...described('fullName')}
            />
            {fieldError('fullName')}
          </div>
          <div className="field">
            <label className="field__label" htmlFor={inputId('email')}>
              {FIELD_LABELS.email}
            </label>
            <input
              id={inputId('email')}
              type="email"
              inputMode="email"
              autoComplete="email"
              maxLength={254}
              value={fields.email}
              onChange={(e) => change('email', e.target.value)}
              {...described('email')}
            />
            {fieldError('email')}
          </div>
          <div className="field">
            <label className="field__label" htmlFor={inputId('reason')}>
              {FIELD_LABELS.reason}
            </label>
            <select
              id={inputId('reason')}
              value={fields.reason}
              onChange={(e) => change('reason', e.target.value)}
              {...described('reason')}
            >
              <option value="">Select a reason</option>
              {contactReasons.map((reason) => (
                <option key={reason} value={reason}>
                  {reason}
                </option>
              ))}
            </select>
            {fieldError('reason')}
          </div>
          <div className="field">
            <label className="field__label" htmlFor={inputId('message')}>
              {FIELD_LABELS.message}
            </label>
            <textarea
              id={inputId('message')}
              rows={6}
              maxLength={5000}
              value={fields.message}
              onChange={(e) => change('message', e.target.value)}
              {...described('message')}
            />
            {fieldError('message')}
          </div>
          {sent ? (
            <div className="notice notice--success success-panel" role="status" ref={panelRef} tabIndex={-1}>
              <p>
                <strong>Thank you!</strong> Your message has been sent. We'll get back to you soon.
              </p>
              <button type="button" className="button button--secondary" onClick={() => setSent(false)}>
                Send Another Message
              </button>
            </div>
          ) : (
            <button
              type="submit"
              className="button button--primary button--block"
              disabled={contact.isPending}
            >
              {contact.isPending ? 'Sending...' : 'Send Message'}
            </button>
          )}
        </form>
      </section>
    </div>
  );
}

export default withQueryClient(ContactPage);
