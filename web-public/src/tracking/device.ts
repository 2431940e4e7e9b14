// Facts about the visitor's device that the tracking records carry (spec §9 device type, §3 location).
import type { DeviceType } from '@bodymetrics/contracts';

/** Under 768 px mobile, under 1024 px tablet, otherwise desktop. */
export function deviceTypeForWidth(width: number): DeviceType {
  if (width < 768) return 'mobile';
  if (width < 1024) return 'tablet';
  return 'desktop';
}

/** The last segment of the time-zone name with underscores as spaces: America/New_York → "New York". */
export function locationFromTimeZone(timeZone: string | null | undefined): string {
  const last = (timeZone ?? '').split('/').pop()?.trim() ?? '';
  return last === '' ? 'Unknown' : last.replace(/_/g, ' ');
}

export function currentTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

export function currentDeviceType(): DeviceType {
  return deviceTypeForWidth(window.innerWidth);
}
