// The authenticated dashboard (spec §2): controls, the live indicator, the period's main chart, the cards,
// the live visitors and the tabs.
import { useState } from 'react';
import { useAdminSession, useAdminSessionId } from '../auth/AdminSessionProvider';
import { useCanChange } from '../auth/admin-role';
import { AdminsPanel } from './admins/AdminsPanel';
import { dashboardTexts } from '../texts';
import { defaultPeriod, useLiveDashboardReads, type Period } from './analytics-queries';
import { DashboardTabs } from './DashboardTabs';
import { LiveUsersList } from './LiveUsersList';
import { OverviewCards } from './OverviewCards';
import { PeriodChartPanel } from './PeriodChartPanel';
import { PeriodPicker } from './PeriodPicker';
import { RealtimeIndicator } from './RealtimeIndicator';
import { ResetAllDataButton } from './ResetAllDataButton';
import { useRealtime } from './useRealtime';
import { WeeklyDigestPanel } from './WeeklyDigestPanel';
import { TwoFactorPanel } from './TwoFactorPanel';

export function Dashboard() {
  const { state, signOut } = useAdminSession();
  const sessionId = useAdminSessionId();
  const [period, setPeriod] = useState<Period>(defaultPeriod);
  const realtime = useRealtime(sessionId);
  // Overview, today's summary and recent clicks refresh here, whatever tab is open (spec §9).
  const { overview } = useLiveDashboardReads(period);
  const username = state.status === 'authenticated' ? state.username : null;
  // A viewer reads everything; what it may not change is not shown (the server refuses it too).
  const canChange = useCanChange();

  return (
    <div className="dashboard">
      <header className="dashboard-header">
        <div className="dashboard-title">
          <p className="brand">BodyMetrics</p>
          <h1>{dashboardTexts.title}</h1>
          {username && <p className="muted">{dashboardTexts.signedInAs(username)}</p>}
        </div>
        <RealtimeIndicator connected={realtime.connected} updateIntervalMs={realtime.updateIntervalMs} />
        <div className="dashboard-controls">
          <PeriodPicker value={period} onChange={setPeriod} />
          {canChange ? <ResetAllDataButton /> : null}
          <button type="button" className="button button-secondary" onClick={() => void signOut()}>
            {dashboardTexts.logout}
          </button>
        </div>
      </header>
      <main className="dashboard-main">
        <PeriodChartPanel period={period} overview={overview} />
        <OverviewCards
          overview={overview}
          activeUsers={realtime.activeUsers?.count ?? null}
          liveDown={realtime.link.status === 'down'}
          period={period}
        />
        <LiveUsersList activeUsers={realtime.activeUsers} link={realtime.link} onRetry={realtime.retryNow} />
        <DashboardTabs period={period} />
        {canChange ? <WeeklyDigestPanel /> : null}
        {canChange ? <AdminsPanel /> : null}
        <TwoFactorPanel />
      </main>
    </div>
  );
}
