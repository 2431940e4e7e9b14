import type { Bus } from '@bodymetrics/bus';
import type { IpStorage } from '@bodymetrics/service-kit';

export interface TrackingDeps {
  bus: Bus;
  ipStorage: IpStorage;
}
