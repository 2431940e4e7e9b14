// Tracking request bodies as the public app sends them, one visitor (and session) per call unless said. The
// visitors allowed analytics storage, so each is counted by its own id: the whole stream comes from one
// address and browser, which without consent would be one visitor of the day (docs/counting.md).
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
