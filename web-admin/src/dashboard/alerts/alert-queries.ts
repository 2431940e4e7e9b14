// The alerts' reads and writes through the typed client with the admin session: the list (read again every
// 30 s, so the tab's badge follows the evaluator's 5-minute rounds), acknowledging one, the mail opt-in.
import '@bodymetrics/web-kit/zod-jitless';
import { alertsRoutes } from '@bodymetrics/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '@bodymetrics/web-kit/api';
import { useAdminSessionId } from '../../auth/AdminSessionProvider';
import { endingSessionOn401 } from '../../lib/unauthorized';

const alertsKey = ['alerts'] as const;
const settingsKey = ['alerts', 'settings'] as const;

export function useAlerts() {
  const sessionId = useAdminSessionId();
  return useQuery({
    queryKey: alertsKey,
    queryFn: ({ signal }) => endingSessionOn401(call(alertsRoutes.list, {}, { sessionId, signal })),
    refetchInterval: 30_000,
  });
}

export function useAcknowledgeAlert(onError: () => void) {
  const sessionId = useAdminSessionId();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      endingSessionOn401(call(alertsRoutes.acknowledge, { params: { id } }, { sessionId })),
    onSuccess: () => client.invalidateQueries({ queryKey: alertsKey, exact: true }),
    onError,
  });
}

export function useAlertSettings(onSaveError: () => void) {
  const sessionId = useAdminSessionId();
  const client = useQueryClient();
  const settings = useQuery({
    queryKey: settingsKey,
    queryFn: ({ signal }) => endingSessionOn401(call(alertsRoutes.settings, {}, { sessionId, signal })),
  });
  const update = useMutation({
    mutationFn: (optedIn: boolean) =>
      endingSessionOn401(call(alertsRoutes.updateSettings, { body: { optedIn } }, { sessionId })),
    onSuccess: (answer) => client.setQueryData(settingsKey, answer),
    onError: onSaveError,
  });
  const sendTest = useMutation({
    mutationFn: () => endingSessionOn401(call(alertsRoutes.test, {}, { sessionId })),
  });
  return { settings, update, sendTest };
}
