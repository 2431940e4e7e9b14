// The admin's shared views through the typed client with the admin session: the list, making a link (its
// token answered once) and revoking one.
import '@bodymetrics/web-kit/zod-jitless';
import { sharedViewsRoutes, type SharedViewTab } from '@bodymetrics/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '@bodymetrics/web-kit/api';
import { useAdminSessionId } from '../../auth/AdminSessionProvider';
import { endingSessionOn401 } from '../../lib/unauthorized';

const sharedViewsKey = ['shared-views'] as const;

export function useSharedViews() {
  const sessionId = useAdminSessionId();
  return useQuery({
    queryKey: sharedViewsKey,
    queryFn: ({ signal }) => endingSessionOn401(call(sharedViewsRoutes.list, {}, { sessionId, signal })),
  });
}

export interface NewSharedView {
  name: string;
  tabs: SharedViewTab[];
  password?: string;
  expiresAt?: string;
}

export function useSharedViewWrites() {
  const sessionId = useAdminSessionId();
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: sharedViewsKey });
  const create = useMutation({
    mutationFn: (body: NewSharedView) =>
      endingSessionOn401(call(sharedViewsRoutes.create, { body }, { sessionId })),
    onSuccess: refresh,
  });
  const revoke = useMutation({
    mutationFn: (id: number) =>
      endingSessionOn401(call(sharedViewsRoutes.revoke, { params: { id } }, { sessionId })),
    onSuccess: refresh,
  });
  return { create, revoke };
}
