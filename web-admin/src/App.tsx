// Routes under /admin: the login or the dashboard at its root, the reset-password screen, a shared link's
// read-only page (/admin/share/<token>), and the not-found
// screen for any other address; the footer of spec §2 under each of them. The gateway's list of these routes
// (services/gateway/src/spa-hosting.ts) answers the others with 404: keep the two in step.
import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { Route, Router, Switch } from 'wouter';
import { createQueryClient } from '@bodymetrics/web-kit/query-client';
import { Toaster } from '@bodymetrics/web-kit/Toaster';
import { AdminSessionProvider, useAdminSession } from './auth/AdminSessionProvider';
import { LoginScreen } from './auth/LoginScreen';
import { Dashboard } from './dashboard/Dashboard';
import { AdminFooter } from './layout/AdminFooter';
import { NotFoundScreen } from './layout/NotFoundScreen';
import { ResetPasswordScreen } from './reset-password/ResetPasswordScreen';
import { SharedViewPage } from './share/SharedViewPage';
import { loginTexts, toastTexts } from './texts';

function AdminHome() {
  const { state } = useAdminSession();
  if (state.status === 'checking') {
    return (
      <main className="auth-page">
        <p role="status" className="muted">
          {loginTexts.checkingSession}
        </p>
      </main>
    );
  }
  return state.status === 'authenticated' ? <Dashboard /> : <LoginScreen />;
}

export function App() {
  const [queryClient] = useState(() => createQueryClient());
  return (
    <QueryClientProvider client={queryClient}>
      <AdminSessionProvider>
        <div className="admin-shell">
          <div className="admin-screen">
            <Router base="/admin">
              <Switch>
                <Route path="/">
                  <AdminHome />
                </Route>
                <Route path="/reset-password">
                  <ResetPasswordScreen />
                </Route>
                <Route path="/share/:token">{(params) => <SharedViewPage token={params.token} />}</Route>
                <Route>
                  <NotFoundScreen />
                </Route>
              </Switch>
            </Router>
          </div>
          <AdminFooter />
        </div>
        <Toaster texts={toastTexts} />
      </AdminSessionProvider>
    </QueryClientProvider>
  );
}
