// The state-changing admin routes, listed from the route contracts the gateway's table is built from: each
// write route that refuses a caller without a session (401) is an admin route. Shared by the security
// suite (one composition, requests injected) and the browser tests (both run modes, over HTTP), so the
// roles and API keys are held to the same list everywhere.
import { everyRoute, type RouteContract } from '@bodymetrics/contracts';

export type WriteMethod = 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/** A plausible value for each `:param` that is not an id (a segment, a slug, a file name). */
const sample: Record<string, string> = {
  bmiCategory: 'Normal',
  goal: 'wellness',
  slug: 'privacy',
  name: 'x.png',
};

/** A route's URL with a plausible value in every `:param` (an id, a segment, a token of any kind). */
export const sampleUrlOf = (route: RouteContract) =>
  route.path.replace(/:([A-Za-z]+)/g, (_segment, param: string) => sample[param] ?? '1');

/** One's own second factor is every account's to set up, a viewer's too (admin-auth's own check). */
export const isOwnSignIn = (route: RouteContract) => route.path.startsWith('/api/admin/auth/');

/**
 * Every state-changing route behind the admin session, found by asking each without one: `statusOf`
 * sends the route's method to the URL with an empty body and no credentials, and answers the status.
 */
export async function listAdminWrites(
  statusOf: (method: WriteMethod, url: string) => Promise<number>,
): Promise<RouteContract[]> {
  const adminWrites: RouteContract[] = [];
  for (const { route } of everyRoute()) {
    if (route.method === 'GET') continue;
    if ((await statusOf(route.method as WriteMethod, sampleUrlOf(route))) === 401) adminWrites.push(route);
  }
  return adminWrites;
}
