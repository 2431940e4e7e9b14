import type { Bus } from '@bodymetrics/bus';
import type { IpStorage, VisitorKeys } from '@bodymetrics/service-kit';

export interface TrackingDeps {
  bus: Bus;
  ipStorage: IpStorage;
  /** The counted visitor of each event (README "How we count"). */
  visitorKeys: VisitorKeys;
}
