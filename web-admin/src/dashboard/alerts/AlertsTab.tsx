// The "Alerte" tab: every episode newest first — its kind in words, what it watched, when it started and
// ended, expected against observed — with a button to acknowledge an episode; and the admin's alert mails
// (the opt-in and "Trimite o alertă de test"). Text from the server is rendered as text, never as HTML.
import { alertKindLabels, type Alert } from '@bodymetrics/contracts';
import { isHttpError } from '@bodymetrics/web-kit/api';
import { toast } from '@bodymetrics/web-kit/toast';
import { formatDateTime, formatNumber, formatPercent } from '../../lib/format';
import { alertTexts, dashboardTexts } from '../../texts';
import { MailOptIn } from '../MailOptIn';
import { ListTable } from '../ListTable';
import { Panel } from '../Panel';
import { useAcknowledgeAlert, useAlerts, useAlertSettings } from './alert-queries';
import { useCanChange } from '../../auth/admin-role';

const valueOf = (alert: Alert, n: number) => (alert.unit === 'percent' ? formatPercent(n) : formatNumber(n));

function AlertRow({ alert }: { alert: Alert }) {
  const acknowledge = useAcknowledgeAlert(() =>
    toast({ title: alertTexts.heading, description: alertTexts.acknowledgeFailed, variant: 'destructive' }),
  );
  const kind = alertKindLabels[alert.kind];
  const canChange = useCanChange();
  return (
    <tr data-testid="alert-row" data-open={alert.endedAt === null || undefined}>
      <td>{kind}</td>
      <td>{alert.subjectLabel}</td>
      <td>{formatDateTime(alert.startedAt)}</td>
      <td>{alert.endedAt ? formatDateTime(alert.endedAt) : <strong>{alertTexts.ongoing}</strong>}</td>
      <td className="numeric">{valueOf(alert, alert.expected)}</td>
      <td className="numeric">{valueOf(alert, alert.observed)}</td>
      <td>
        {alert.acknowledgedAt ? (
          `${alertTexts.acknowledged} ${formatDateTime(alert.acknowledgedAt)}`
        ) : !canChange ? null : (
          <button
            type="button"
            className="button button-secondary button-small"
            aria-label={alertTexts.acknowledgeLabel(kind, alert.subjectLabel)}
            aria-disabled={acknowledge.isPending || undefined}
            onClick={() => {
              if (!acknowledge.isPending) acknowledge.mutate(alert.id);
            }}
          >
            {acknowledge.isPending ? alertTexts.acknowledging : alertTexts.acknowledge}
          </button>
        )}
      </td>
    </tr>
  );
}

function AlertList() {
  const alerts = useAlerts();
  if (!alerts.data)
    return <p className="muted">{alerts.isError ? alertTexts.loadFailed : dashboardTexts.loading}</p>;
  if (alerts.data.alerts.length === 0) return <p className="muted">{alertTexts.none}</p>;
  return (
    <ListTable
      testId="alerts-table"
      caption={alertTexts.caption}
      columns={[
        { label: alertTexts.kind },
        { label: alertTexts.subject },
        { label: alertTexts.startedAt },
        { label: alertTexts.endedAt },
        { label: alertTexts.expected, numeric: true },
        { label: alertTexts.observed, numeric: true },
        { label: alertTexts.acknowledged },
      ]}
    >
      {alerts.data.alerts.map((alert) => (
        <AlertRow key={alert.id} alert={alert} />
      ))}
    </ListTable>
  );
}

function AlertMailSettings() {
  const { settings, update, sendTest } = useAlertSettings(() =>
    toast({ title: alertTexts.mailHeading, description: alertTexts.saveFailed, variant: 'destructive' }),
  );
  const test = () =>
    sendTest.mutate(undefined, {
      onSuccess: (answer) => toast({ title: alertTexts.sentTitle, description: alertTexts.sent(answer.to) }),
      onError: (error) =>
        toast({
          title: alertTexts.failedTitle,
          description: isHttpError(error, 429) ? alertTexts.rateLimited : alertTexts.failed,
          variant: 'destructive',
        }),
    });
  if (!settings.data)
    return <p className="muted">{settings.isError ? alertTexts.loadFailed : dashboardTexts.loading}</p>;
  return (
    <MailOptIn
      testId="alert-mail-settings"
      explanation={alertTexts.mailExplanation(settings.data.email)}
      toggleLabel={alertTexts.toggle}
      optedIn={update.isPending ? update.variables : settings.data.optedIn}
      saving={update.isPending}
      onToggle={(optedIn) => update.mutate(optedIn)}
      sendLabel={alertTexts.sendTest}
      sendingLabel={alertTexts.sending}
      sending={sendTest.isPending}
      onSend={test}
    />
  );
}

export function AlertsTab() {
  const canChange = useCanChange();
  return (
    <>
      <Panel title={alertTexts.heading} definition={alertTexts.definition}>
        <AlertList />
      </Panel>
      {canChange ? (
        <Panel title={alertTexts.mailHeading}>
          <AlertMailSettings />
        </Panel>
      ) : null}
    </>
  );
}

/** The open episodes' count beside the tab's name; nothing while none is open. */
export function OpenAlertsBadge() {
  const alerts = useAlerts();
  const open = alerts.data?.openCount ?? 0;
  if (open === 0) return null;
  return (
    <span className="alert-badge" data-testid="open-alerts-badge" aria-label={alertTexts.openBadge(open)}>
      {open}
    </span>
  );
}
