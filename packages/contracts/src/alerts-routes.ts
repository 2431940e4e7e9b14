// The alerts' routes: the analytics service registers them behind the admin session; the gateway mounts
// /api/admin/alerts* on analytics with the same-origin rule of every admin write.
import { route } from './route';
import { alertsPaths } from './route-paths';
import {
  alertIdParamsSchema,
  alertListSchema,
  alertSchema,
  alertSettingsBodySchema,
  alertSettingsSchema,
  alertTestSentSchema,
} from './alerts';

export const alertsRoutes = {
  list: route({ method: 'GET', status: 200, path: alertsPaths.list, response: alertListSchema }),
  acknowledge: route({
    method: 'POST',
    status: 200,
    path: alertsPaths.acknowledge,
    params: alertIdParamsSchema,
    response: alertSchema,
  }),
  /** "Trimite o alertă de test": a test alert mailed to the logged-in admin (rate limited per admin). */
  test: route({ method: 'POST', status: 200, path: alertsPaths.test, response: alertTestSentSchema }),
  settings: route({ method: 'GET', status: 200, path: alertsPaths.settings, response: alertSettingsSchema }),
  updateSettings: route({
    method: 'PATCH',
    status: 200,
    path: alertsPaths.updateSettings,
    body: alertSettingsBodySchema,
    response: alertSettingsSchema,
  }),
} as const;
