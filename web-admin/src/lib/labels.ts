// Romanian names of the values the read models carry in English.
const deviceTypeLabels: Record<string, string> = { mobile: 'Mobil', tablet: 'Tabletă', desktop: 'Desktop' };

/** "mobile" → "Mobil"; a value the dashboard does not know is shown as it came. */
export function deviceTypeLabel(deviceType: string): string {
  return deviceTypeLabels[deviceType.toLowerCase()] ?? deviceType;
}

/** Devices & Browsers tab: "browser on operating system". */
export function browserOnSystem(browserName: string, operatingSystem: string): string {
  return `${browserName || 'Necunoscut'} pe ${operatingSystem || 'sistem necunoscut'}`;
}
