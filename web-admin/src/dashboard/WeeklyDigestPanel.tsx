// "Rezumat săptămânal pe e-mail": the logged-in admin turns the Monday digest on or off
// and can have last week's sent to them now. Both writes go through the typed client with the session.
import '@bodymetrics/web-kit/zod-jitless';
import { weeklyDigestRoutes } from '@bodymetrics/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, isHttpError } from '@bodymetrics/web-kit/api';
import { toast } from '@bodymetrics/web-kit/toast';
import { useAdminSessionId } from '../auth/AdminSessionProvider';
import { endingSessionOn401 } from '../lib/unauthorized';
import { dashboardTexts, weeklyDigestTexts } from '../texts';
import { MailOptIn } from './MailOptIn';
import { Panel } from './Panel';

const settingsKey = ['weekly-digest'] as const;

export function WeeklyDigestPanel() {
  const sessionId = useAdminSessionId();
  const client = useQueryClient();
  const settings = useQuery({
    queryKey: settingsKey,
    queryFn: ({ signal }) => endingSessionOn401(call(weeklyDigestRoutes.settings, {}, { sessionId, signal })),
  });
  const update = useMutation({
    mutationFn: (optedIn: boolean) =>
      endingSessionOn401(call(weeklyDigestRoutes.updateSettings, { body: { optedIn } }, { sessionId })),
    onSuccess: (answer) => client.setQueryData(settingsKey, answer),
    onError: () =>
      toast({
        title: weeklyDigestTexts.failedTitle,
        description: weeklyDigestTexts.saveFailed,
        variant: 'destructive',
      }),
  });
  const sendNow = useMutation({
    mutationFn: () => endingSessionOn401(call(weeklyDigestRoutes.sendNow, {}, { sessionId })),
    onSuccess: (answer) =>
      toast({
        title: weeklyDigestTexts.sentTitle,
        description: weeklyDigestTexts.sent(answer.to, answer.weekStart),
      }),
    onError: (error) =>
      toast({
        title: weeklyDigestTexts.failedTitle,
        description: isHttpError(error, 429) ? weeklyDigestTexts.rateLimited : weeklyDigestTexts.failed,
        variant: 'destructive',
      }),
  });

  return (
    <Panel title={weeklyDigestTexts.heading}>
      {settings.data ? (
        <MailOptIn
          testId="weekly-digest"
          explanation={weeklyDigestTexts.explanation(settings.data.email)}
          toggleLabel={weeklyDigestTexts.toggle}
          optedIn={update.isPending ? update.variables : settings.data.optedIn}
          saving={update.isPending}
          onToggle={(optedIn) => update.mutate(optedIn)}
          sendLabel={weeklyDigestTexts.sendNow}
          sendingLabel={weeklyDigestTexts.sending}
          sending={sendNow.isPending}
          onSend={() => sendNow.mutate()}
        />
      ) : (
        <p className="muted">{settings.isError ? weeklyDigestTexts.loadFailed : dashboardTexts.loading}</p>
      )}
    </Panel>
  );
}
