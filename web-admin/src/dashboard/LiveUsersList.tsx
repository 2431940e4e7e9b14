// Up to ten visitors on the site right now, as the live service reports them.
import type { LiveUser } from '@bodymetrics/contracts';
import { formatTimeOnSite, lastChars } from '../lib/format';
import { deviceTypeLabel, liveStageLabel } from '../lib/labels';
import { listSizes } from '../lib/metrics';
import { dashboardTexts, liveUsersTexts } from '../texts';
import { DataTable } from './DataTable';

export function LiveUsersList({ activeUsers }: { activeUsers: { count: number; users: LiveUser[] } | null }) {
  const users = (activeUsers?.users ?? []).slice(0, listSizes.liveUsers);
  const total = Math.max(activeUsers?.count ?? 0, activeUsers?.users.length ?? 0);
  return (
    <section className="panel live-users" data-testid="live-users" aria-labelledby="live-users-heading">
      <div className="panel-header">
        <h2 id="live-users-heading">{liveUsersTexts.heading}</h2>
      </div>
      {activeUsers === null ? (
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
