// Up to ten visitors on the site right now, as the live service reports them; while the live socket is down,
// that it is down, which reconnect attempt is under way, and a button to try again at once.
import type { LiveUser } from '@bodymetrics/contracts';
import { formatTimeOnSite, lastChars } from '../lib/format';
import { deviceTypeLabel, liveStageLabel } from '../lib/labels';
import { listSizes } from '../lib/metrics';
import { dashboardTexts, liveLinkTexts, liveUsersTexts } from '../texts';
import { DataTable } from './DataTable';
import type { RealtimeLink } from './useRealtime';

export function LiveUsersList({
  activeUsers,
  link,
  onRetry,
}: {
  activeUsers: { count: number; users: LiveUser[] } | null;
  link: RealtimeLink;
  onRetry: () => void;
}) {
  const users = (activeUsers?.users ?? []).slice(0, listSizes.liveUsers);
  const total = Math.max(activeUsers?.count ?? 0, activeUsers?.users.length ?? 0);
  return (
    <section className="panel live-users" data-testid="live-users" aria-labelledby="live-users-heading">
      <div className="panel-header">
        <h2 id="live-users-heading">{liveUsersTexts.heading}</h2>
      </div>
      {/* Always in the page, so that a screen reader hears the state change when the socket drops or comes back. */}
      <div role="status" data-testid="live-link-status">
        {link.status === 'down' && (
          <p className="live-down">
            <strong>{liveLinkTexts.down}</strong>{' '}
            <span data-testid="live-reconnect-attempt">{liveLinkTexts.attempt(link.reconnectAttempt)}</span>
          </p>
        )}
      </div>
      {link.status === 'down' ? (
        <div className="live-down-actions">
          <p className="muted">{liveLinkTexts.downDetail}</p>
          <button type="button" className="button button-secondary button-small" onClick={onRetry}>
            {liveLinkTexts.retryNow}
          </button>
        </div>
      ) : activeUsers === null ? (
        <p className="muted">{dashboardTexts.loading}</p>
      ) : users.length === 0 ? (
        <p className="muted">{liveUsersTexts.empty}</p>
      ) : (
        <>
          <DataTable
            caption={liveUsersTexts.heading}
            captionHidden
            rows={users}
            rowKey={(u) => u.visitorId}
            columns={[
              {
                header: liveUsersTexts.visitor,
                cell: (u) => (
                  <span className="mono" title={u.visitorId}>
                    {lastChars(u.visitorId)}
                  </span>
                ),
              },
              {
                header: liveUsersTexts.currentPage,
                cell: (u) => (
                  <span className="truncate" title={u.currentPage}>
                    {u.currentPage}
                  </span>
                ),
              },
              { header: liveUsersTexts.device, cell: (u) => deviceTypeLabel(u.deviceType) },
              { header: liveUsersTexts.browser, cell: (u) => u.browser },
              {
                header: liveUsersTexts.timeOnSite,
                cell: (u) => formatTimeOnSite(u.timeOnSite),
                numeric: true,
              },
              { header: liveUsersTexts.location, cell: (u) => u.location },
              // Last, so the columns before it keep their places.
              { header: liveUsersTexts.stage, cell: (u) => liveStageLabel(u.stage) },
            ]}
          />
          {total > users.length && <p className="muted">{liveUsersTexts.more(users.length, total)}</p>}
        </>
      )}
    </section>
  );
}
