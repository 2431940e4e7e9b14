// Admin auth states of spec §4: on load a stored session id is validated (valid → authenticated,
// otherwise the id is removed); login stores it; logout always clears it locally; a 401 from any
// analytics call ends the session and brings back the login screen.
import { useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { toast } from '@bodymetrics/web-kit/toast';
import {
  clearStoredAdminSessionId,
  readStoredAdminSessionId,
  storeAdminSessionId,
} from '../lib/admin-session-storage';
import { onUnauthorized } from '../lib/unauthorized';
import { loginTexts } from '../texts';
import * as sessionApi from './admin-session-api';

export type AdminSessionState =
  | { status: 'checking' }
  | { status: 'anonymous' }
  | { status: 'authenticated'; sessionId: string; username: string | null };

interface AdminSessionContextValue {
  state: AdminSessionState;
  signIn: (sessionId: string, username: string) => void;
  signOut: () => Promise<void>;
}

const AdminSessionContext = createContext<AdminSessionContextValue | null>(null);

export function AdminSessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<AdminSessionState>(() =>
    readStoredAdminSessionId() ? { status: 'checking' } : { status: 'anonymous' },
  );

  useEffect(() => {
    const stored = readStoredAdminSessionId();
    if (!stored) return;
    let cancelled = false;
    sessionApi
      .validateSession(stored)
      .then(({ valid, username }) => {
        if (cancelled) return;
        if (valid) setState({ status: 'authenticated', sessionId: stored, username: username ?? null });
        else {
          clearStoredAdminSessionId();
          setState({ status: 'anonymous' });
        }
      })
      .catch((error: unknown) => {
        if (cancelled) return;
        console.warn('admin session check failed', error);
        clearStoredAdminSessionId();
        setState({ status: 'anonymous' });
      });
    return () => {
      cancelled = true;
    };
  }, []);

  const endLocally = useCallback(() => {
    clearStoredAdminSessionId();
    queryClient.clear();
    setState({ status: 'anonymous' });
  }, [queryClient]);

  useEffect(
    () =>
      onUnauthorized(() => {
        // Several queries can fail at once; tell the operator only the first time.
        const hadSession = readStoredAdminSessionId() !== null;
        endLocally();
        if (hadSession) {
          toast({
            title: loginTexts.sessionExpiredTitle,
            description: loginTexts.sessionExpired,
            variant: 'destructive',
          });
        }
      }),
    [endLocally],
  );

  const signIn = useCallback((sessionId: string, username: string) => {
    storeAdminSessionId(sessionId);
    setState({ status: 'authenticated', sessionId, username });
  }, []);

  const signOut = useCallback(async () => {
    const sessionId = state.status === 'authenticated' ? state.sessionId : readStoredAdminSessionId();
    endLocally();
    toast({ title: loginTexts.loggedOut, description: loginTexts.loggedOutDetail });
    if (sessionId) {
      // The server side is best effort: locally the operator is logged out whatever it answers.
      await sessionApi.logout(sessionId).catch((error: unknown) => console.warn('logout call failed', error));
    }
  }, [state, endLocally]);

  const value = useMemo(() => ({ state, signIn, signOut }), [state, signIn, signOut]);
  return <AdminSessionContext.Provider value={value}>{children}</AdminSessionContext.Provider>;
}

export function useAdminSession(): AdminSessionContextValue {
  const value = useContext(AdminSessionContext);
  if (!value) throw new Error('useAdminSession outside AdminSessionProvider');
  return value;
}

/** The session id of the signed-in operator (the dashboard is only rendered for one). */
export function useAdminSessionId(): string {
  const { state } = useAdminSession();
  if (state.status !== 'authenticated') throw new Error('no admin session');
  return state.sessionId;
}
