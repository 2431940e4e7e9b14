// Tracking request bodies as the public app sends them, one visitor (and session) per call unless said.
// Visitors are counted by their network and browser (docs/counting.md): a stream meant as many visitors
// sends each from an address of its own (visitorAddress).
export const desktopChrome =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';

export const pageVisitBody = (visitorId: string, sessionId = `${visitorId}-s`, page = '/') => ({
  visitorId,
  sessionId,
  pageUrl: `https://bodymetrics.example${page}`,
  userAgent: desktopChrome,
  referrer: null,
  deviceType: 'desktop',
  browserName: 'Chrome',
  operatingSystem: 'Windows',
  screenResolution: '1920x1080',
  language: 'ro-RO',
  timeZone: 'Europe/Bucharest',
  isReturningVisitor: 0,
  storageAllowed: true,
  trafficSource: { source: 'direct', medium: 'none', referrerDomain: null },
});

export const journeyBody = (visitorId: string, step: string, sessionId = `${visitorId}-s`) => ({
  visitorId,
  sessionId,
  step,
  userAgent: desktopChrome,
  storageAllowed: true,
});

/** The n-th visitor's own IPv4 address (10.0.0.0/8: up to 16.7 million visitors). */
export const visitorAddress = (n: number): string => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
