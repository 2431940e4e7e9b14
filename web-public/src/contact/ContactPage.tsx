// The contact page (spec §2, §5, §8): validated with the same rules the server applies, so the visitor
// sees the spec's messages under each field before anything is sent.
import '@bodymetrics/web-kit/zod-jitless';
import { contactBodySchema, contactReasons, reportsRoutes, type ContactBody } from '@bodymetrics/contracts';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { call } from '@bodymetrics/web-kit/api';
import { toast } from '@bodymetrics/web-kit/toast';
import { describedBy, Field } from '../forms/Field';
import { withQueryClient } from '../lib/with-query-client';
import { contactTexts } from '../texts/contact';
import { useTexts } from '../texts/i18n';
import { messageIn, messageTexts } from '../texts/messages';

type ContactField = keyof ContactBody;
type ContactFields = Record<ContactField, string>;
const EMPTY: ContactFields = { fullName: '', email: '', reason: '', message: '' };
const FIELD_ORDER: readonly ContactField[] = ['fullName', 'email', 'reason', 'message'];

type ContactErrors = Partial<Record<ContactField, string>>;

const inputId = (field: ContactField) => `contact-${field}`;

function ContactPage() {
  const [fields, setFields] = useState<ContactFields>(EMPTY);
  const [errors, setErrors] = useState<ContactErrors>({});
  const [sent, setSent] = useState(false);
  const panelRef = useRef<HTMLDivElement>(null);
  const t = useTexts(contactTexts);

  // The focused send button is replaced by the panel: keep the focus on what replaced it.
  useEffect(() => {
    if (sent) panelRef.current?.focus();
  }, [sent]);

  useEffect(() => {
    const previous = document.title;
    document.title = t.documentTitle;
    return () => {
      document.title = previous;
    };
  }, [t.documentTitle]);

  const contact = useMutation({
    mutationFn: (body: ContactBody) => call(reportsRoutes.contact, { body }),
    onSuccess: () => {
      setFields(EMPTY);
      setSent(true);
      const texts = contactTexts.get();
      toast({ title: texts.sentToastTitle, description: texts.sentToastText });
    },
    onError: (error) => {
      console.debug('[contact] failed', error);
      const texts = contactTexts.get();
      toast({ variant: 'destructive', title: texts.errorToastTitle, description: texts.errorToastText });
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
      const found: ContactErrors = {};
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

  return (
    <div className="page page--narrow">
      <section className="card" aria-labelledby="contact-title">
        <h1 id="contact-title">{t.title}</h1>
        <p className="muted">{t.lead}</p>
        <form data-testid="contact-form" aria-labelledby="contact-title" noValidate onSubmit={submit}>
          <ContactInputs fields={fields} errors={errors} change={change} />
          {sent ? (
            <div className="notice notice--success success-panel" role="status" ref={panelRef} tabIndex={-1}>
              <p>
                <strong>{t.thanks}</strong> {t.sentText}
              </p>
              <button type="button" className="button button--secondary" onClick={() => setSent(false)}>
                {t.sendAnother}
              </button>
            </div>
          ) : (
            <button
              type="submit"
              className="button button--primary button--block"
              disabled={contact.isPending}
            >
              {contact.isPending ? t.sending : t.send}
            </button>
          )}
        </form>
      </section>
    </div>
  );
}

/** The four fields, each with its message under it. */
function ContactInputs({
  fields,
  errors,
  change,
}: {
  fields: ContactFields;
  errors: ContactErrors;
  change: (field: ContactField, value: string) => void;
}) {
  const t = useTexts(contactTexts);
  const messages = useTexts(messageTexts);
  const field = (name: ContactField) => ({
    id: inputId(name),
    value: fields[name],
    ...describedBy(inputId(name), errors[name]),
  });
  const error = (name: ContactField) => messageIn(messages, errors[name]);
  return (
    <>
      <Field controlId={inputId('fullName')} label={t.fullName} error={error('fullName')}>
        <input
          {...field('fullName')}
          type="text"
          autoComplete="name"
          maxLength={100}
          onChange={(e) => change('fullName', e.target.value)}
        />
      </Field>
      <Field controlId={inputId('email')} label={t.email} error={error('email')}>
        <input
          {...field('email')}
          type="email"
          inputMode="email"
          autoComplete="email"
          maxLength={254}
          onChange={(e) => change('email', e.target.value)}
        />
      </Field>
      <Field controlId={inputId('reason')} label={t.reason} error={error('reason')}>
        <select {...field('reason')} onChange={(e) => change('reason', e.target.value)}>
          <option value="">{t.selectReason}</option>
          {contactReasons.map((reason) => (
            <option key={reason} value={reason}>
              {t[reason]}
            </option>
          ))}
        </select>
      </Field>
      <Field controlId={inputId('message')} label={t.message} error={error('message')}>
        <textarea
          {...field('message')}
          rows={6}
          maxLength={5000}
          onChange={(e) => change('message', e.target.value)}
        />
      </Field>
    </>
  );
}

export default withQueryClient(ContactPage);
