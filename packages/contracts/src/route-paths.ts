// The paths of the route contracts (routes.ts), apart from their schemas: a client that only needs to
// know where to send (the visitor app's tracker, its beacons) imports these strings without zod.
export const trackingPaths = {
  pageVisit: '/api/analytics/page-visit',
  sessionDuration: '/api/analytics/session-duration',
  affiliateClick: '/api/analytics/affiliate-click',
  journeyTrack: '/api/journey/track',
  formSnapshot: '/api/session/store',
  bridgeOfferClick: '/api/affiliate-offers/click',
  offerCounterClick: '/api/affiliate-offers/:id/click',
  offerImpression: '/api/analytics/offer-impression',
} as const;

export const analyticsPaths = {
  overview: '/api/analytics/overview',
  dailyStats: '/api/analytics/daily-stats',
  affiliateStats: '/api/analytics/affiliate-stats',
  recentClicks: '/api/analytics/recent-clicks',
  deviceStats: '/api/analytics/device-stats',
  trafficSources: '/api/analytics/traffic-sources',
  campaigns: '/api/analytics/campaigns',
  geographicStats: '/api/analytics/geographic-stats',
  funnelStats: '/api/journey/funnel-stats',
  todaySummary: '/api/journey/today-summary',
  abandonment: '/api/journey/abandonment',
  conversionsByDay: '/api/analytics/conversions-by-day',
  conversionsByCategory: '/api/analytics/conversions-by-category',
  resetAllData: '/api/analytics/reset-all-data',
} as const;

/** Each table of the dashboard as a CSV download (beyond the spec): the read's last path segment + `.csv`. */
export const analyticsExportPaths = {
  dailyStats: '/api/analytics/export/daily-stats.csv',
  funnelStats: '/api/analytics/export/funnel-stats.csv',
  affiliateStats: '/api/analytics/export/affiliate-stats.csv',
  trafficSources: '/api/analytics/export/traffic-sources.csv',
  campaigns: '/api/analytics/export/campaigns.csv',
  deviceStats: '/api/analytics/export/device-stats.csv',
  geographicStats: '/api/analytics/export/geographic-stats.csv',
  recentClicks: '/api/analytics/export/recent-clicks.csv',
  conversionsByDay: '/api/analytics/export/conversions-by-day.csv',
  conversionsByCategory: '/api/analytics/export/conversions-by-category.csv',
  /** Every figure of the catalogue (figures.ts), a row per day. */
  figures: '/api/analytics/export/figures.csv',
} as const;

/** The weekly digest mail: the admin's opt-in and "send me one now" (analytics). */
export const weeklyDigestPaths = {
  settings: '/api/analytics/weekly-digest',
  updateSettings: '/api/analytics/weekly-digest',
  sendNow: '/api/analytics/weekly-digest/send-now',
} as const;

/** Alerts that find the operator: the episodes, acknowledging one, a test mail, the mail opt-in (analytics). */
export const alertsPaths = {
  list: '/api/admin/alerts',
  acknowledge: '/api/admin/alerts/:id/acknowledge',
  test: '/api/admin/alerts/test',
  settings: '/api/admin/alerts/settings',
  updateSettings: '/api/admin/alerts/settings',
} as const;

/** Notes on dates of the daily charts (analytics, behind the admin session). */
export const annotationsPaths = {
  list: '/api/admin/annotations',
  create: '/api/admin/annotations',
  update: '/api/admin/annotations/:id',
  remove: '/api/admin/annotations/:id',
} as const;

/** Read-only links to chosen tabs of the dashboard: the admin's side, then the link's own (analytics). */
export const sharedViewsPaths = {
  list: '/api/admin/shared-views',
  create: '/api/admin/shared-views',
  revoke: '/api/admin/shared-views/:id',
  info: '/api/shared/:token',
  unlock: '/api/shared/:token/unlock',
  overview: '/api/shared/:token/overview',
  tab: '/api/shared/:token/tabs/:tab',
} as const;

export const offersPaths = {
  all: '/api/affiliate-offers/all',
  /** Beside the offers list, under the prefix the offers service already answers. */
  supportNote: '/api/affiliate-offers/support-note',
  legalPage: '/api/legal/:slug',
} as const;

/** The affiliate networks' server-to-server postback (the offers service). */
export const postbackPaths = {
  postback: '/api/postback',
} as const;

/** The operator's offer management (the offers service, behind the admin session). */
export const adminOffersPaths = {
  list: '/api/admin/offers',
  create: '/api/admin/offers',
  update: '/api/admin/offers/:id',
  /** Each BMI category × goal with its rotation mode, floor and offers' shares (offer-segments.ts). */
  segments: '/api/admin/offer-segments',
  updateSegment: '/api/admin/offer-segments/:bmiCategory/:goal',
} as const;

/** The e-mailed report, contact, sharing and the newsletter's links (the reports service). */
export const reportsPaths = {
  emailReport: '/api/email-report',
  submitReport: '/api/submit-report',
  contact: '/api/contact',
  generateShareImage: '/api/generate-share-image',
  /** `:name` is `<share id>.png`. */
  shareImage: '/api/share-images/:name',
  sharePage: '/share/:id',
  newsletterConfirmPage: '/api/newsletter/confirm',
  newsletterConfirm: '/api/newsletter/confirm',
  unsubscribePage: '/api/newsletter/unsubscribe',
  unsubscribe: '/api/newsletter/unsubscribe',
} as const;

/** Operator sign-in (the admin-auth service). */
export const adminAuthPaths = {
  login: '/api/admin/login',
  logout: '/api/admin/logout',
  validateSession: '/api/admin/validate-session',
  forgotPassword: '/api/admin/forgot-password',
  resetPassword: '/api/admin/reset-password',
  secondFactor: '/api/admin/auth/second-factor',
  twoFactorStatus: '/api/admin/auth/two-factor',
  twoFactorStart: '/api/admin/auth/two-factor/start',
  twoFactorConfirm: '/api/admin/auth/two-factor/confirm',
  twoFactorDisable: '/api/admin/auth/two-factor/disable',
} as const;

/** The operators' accounts and the read-only API keys (the admin-auth service, behind the admin session). */
export const adminAccountsPaths = {
  list: '/api/admin/admins',
  create: '/api/admin/admins',
  update: '/api/admin/admins/:id',
  apiKeys: '/api/admin/api-keys',
  createApiKey: '/api/admin/api-keys',
  revokeApiKey: '/api/admin/api-keys/:id',
} as const;

/** A path with its `:param` segments filled in (URI-encoded): `/api/affiliate-offers/7/click`. */
export function fillPath(path: string, params: Record<string, string | number>): string {
  return path.replace(/:([A-Za-z]+)/g, (segment, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`no value for ${segment} in ${path}`);
    return encodeURIComponent(String(value));
  });
}
