// "Timp real conectat / deconectat" with how often the server pushes updates (spec §2).
import { updateFrequencyLabel } from '../lib/realtime-protocol';
import { dashboardTexts } from '../texts';

export function RealtimeIndicator({
  connected,
  updateIntervalMs,
}: {
  connected: boolean;
  updateIntervalMs: number;
}) {
  return (
    <p
      className="realtime-indicator"
      data-testid="realtime-indicator"
      data-state={connected ? 'connected' : 'disconnected'}
      role="status"
    >
      <span className="realtime-dot" aria-hidden="true" />
      <span>{connected ? dashboardTexts.realtimeConnected : dashboardTexts.realtimeDisconnected}</span>
      <span className="realtime-frequency">· {updateFrequencyLabel(updateIntervalMs)}</span>
    </p>
  );
}
