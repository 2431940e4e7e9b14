// The weekly digest's routes: the analytics service registers them behind the admin
// session (under /api/analytics/, so the gateway's same-origin check covers the two writes); the dashboard
// calls them through the typed client.
import { route } from './route';
import { weeklyDigestPaths } from './route-paths';
import {
  weeklyDigestSentSchema,
  weeklyDigestSettingsBodySchema,
  weeklyDigestSettingsSchema,
} from './weekly-digest';

export const weeklyDigestRoutes = {
  settings: route({
    method: 'GET',
    status: 200,
    path: weeklyDigestPaths.settings,
    response: weeklyDigestSettingsSchema,
  }),
  updateSettings: route({
    method: 'PATCH',
    status: 200,
    path: weeklyDigestPaths.updateSettings,
    body: weeklyDigestSettingsBodySchema,
    response: weeklyDigestSettingsSchema,
  }),
  /** "Trimite-mi unul acum": last week's digest to the logged-in admin now (rate limited per admin). */
  sendNow: route({
    method: 'POST',
    status: 200,
    path: weeklyDigestPaths.sendNow,
    response: weeklyDigestSentSchema,
  }),
} as const;
