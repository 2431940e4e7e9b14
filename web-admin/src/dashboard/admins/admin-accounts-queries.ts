// The "Administratori" panel's calls: accounts and API keys, through their route contracts with the session.
import '@bodymetrics/web-kit/zod-jitless';
import {
  adminAccountsRoutes,
  apiKeysRoutes,
  type AdminAccountCreateBody,
  type AdminAccountPatchBody,
} from '@bodymetrics/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, isHttpError } from '@bodymetrics/web-kit/api';
import { toast } from '@bodymetrics/web-kit/toast';
import { useAdminSessionId } from '../../auth/AdminSessionProvider';
import { endingSessionOn401 } from '../../lib/unauthorized';
import { adminsTexts } from './admins-texts';

const accountsKey = ['admin-accounts'] as const;
const keysKey = ['api-keys'] as const;

const failed = (error: Error) =>
  toast({
    title: adminsTexts.failedTitle,
    description: (isHttpError(error) && error.serverError().message) || error.message,
    variant: 'destructive',
  });

export function useAdminAccounts() {
  const sessionId = useAdminSessionId();
  return useQuery({
    queryKey: accountsKey,
    queryFn: ({ signal }) => endingSessionOn401(call(adminAccountsRoutes.list, {}, { sessionId, signal })),
  });
}

export function useCreateAccount(onCreated: () => void) {
  const sessionId = useAdminSessionId();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminAccountCreateBody) =>
      endingSessionOn401(call(adminAccountsRoutes.create, { body }, { sessionId })),
    onSuccess: (account) => {
      toast({ title: adminsTexts.heading, description: adminsTexts.created(account.username) });
      onCreated();
      return client.invalidateQueries({ queryKey: accountsKey });
    },
    onError: failed,
  });
}

export function useChangeAccount() {
  const sessionId = useAdminSessionId();
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, change }: { id: number; change: AdminAccountPatchBody }) =>
      endingSessionOn401(
        call(adminAccountsRoutes.update, { params: { id: String(id) }, body: change }, { sessionId }),
      ),
    onSuccess: () => client.invalidateQueries({ queryKey: accountsKey }),
    onError: failed,
  });
}

export function useApiKeys() {
  const sessionId = useAdminSessionId();
  return useQuery({
    queryKey: keysKey,
    queryFn: ({ signal }) => endingSessionOn401(call(apiKeysRoutes.list, {}, { sessionId, signal })),
  });
}

export function useCreateApiKey() {
  const sessionId = useAdminSessionId();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (name: string) =>
      endingSessionOn401(call(apiKeysRoutes.create, { body: { name } }, { sessionId })),
    onSuccess: () => client.invalidateQueries({ queryKey: keysKey }),
    onError: failed,
  });
}

export function useRevokeApiKey() {
  const sessionId = useAdminSessionId();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      endingSessionOn401(call(apiKeysRoutes.revoke, { params: { id: String(id) } }, { sessionId })),
    onSuccess: () => client.invalidateQueries({ queryKey: keysKey }),
    onError: failed,
  });
}
