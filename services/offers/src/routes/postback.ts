// GET /api/postback: an affiliate network reports that a click of ours converted. Server to
// server: no session, no same-origin check, no bot or consent rule (it is not a visitor); the gateway counts
// it against the per-client budget. The token is checked before anything else — a caller without the secret
// learns nothing, not even which fields are wrong — and compared in constant time. Even with the secret, a
// postback stays within sense: a payout up to POSTBACK_MAX_PAYOUT, at most POSTBACK_MAX_CONVERSIONS_PER_CLICK
// conversions for one click (a leaked token or a network's fault cannot make any revenue figure it likes).
// Every refusal stores nothing.
import { createHash, timingSafeEqual } from 'node:crypto';
import { postbackRoutes } from '@bodymetrics/contracts';
import type { Db } from '@bodymetrics/db';
import { badRequest, HttpError, notFound, routeOptions, type App } from '@bodymetrics/service-kit';
import { recordConversion } from '../conversions.repository';

export interface PostbackSettings {
  /** POSTBACK_TOKEN; unset, the route answers 404: no conversion can be recorded without a secret. */
  token?: string | undefined;
  /** REVENUE_CURRENCY: the one currency accepted. */
  currency: string;
  /** ANALYTICS_TZ: the day a conversion counts on is its arrival's calendar day there. */
  timeZone: string;
  /** POSTBACK_MAX_PAYOUT: the largest payout one postback may report, in `currency`. */
  maxPayout: number;
  /** POSTBACK_MAX_CONVERSIONS_PER_CLICK: conversions one click may bring. */
  maxConversionsPerClick: number;
}

/** Equal secrets, in time that depends on neither (both hashed first, so not even on their lengths). */
function sameSecret(given: string, expected: string): boolean {
  const digest = (s: string) => createHash('sha256').update(s, 'utf8').digest();
  return timingSafeEqual(digest(given), digest(expected));
}

const conflict = (field: string, message: string) =>
  new HttpError(409, 'conflict', `${field}: ${message}`, [{ field, message }]);

const tokenRefused = (status: 401 | 403, message: string) =>
  new HttpError(status, status === 401 ? 'unauthorized' : 'forbidden', `token: ${message}`, [
    { field: 'token', message },
  ]);

export function postbackRoute(app: App, { db, settings }: { db: Db; settings: PostbackSettings }): void {
  app.route({
    ...routeOptions(postbackRoutes.postback),
    preValidation: async (request) => {
      if (!settings.token) throw notFound('Postback');
      const { token } = request.query as Record<string, unknown>;
      if (typeof token !== 'string' || token === '') throw tokenRefused(401, 'is required');
      if (!sameSecret(token, settings.token)) throw tokenRefused(403, 'does not match');
    },
    handler: async (request, reply) => {
      const q = request.query;
      reply.header('cache-control', 'no-store');
      if (q.currency !== settings.currency)
        throw badRequest('currency', `must be ${settings.currency}, the currency revenue is counted in`);
      // The contract's decimal (at most 10 digits and 4 decimals) and the setting parse alike: equal is equal.
      if (Number(q.payout) > settings.maxPayout)
        throw badRequest('payout', `must be at most ${settings.maxPayout} ${settings.currency}`);
      const outcome = await recordConversion(
        db,
        { clickId: q.click_id, transactionId: q.transaction_id, payout: q.payout, currency: q.currency },
        { timeZone: settings.timeZone, maxConversionsPerClick: settings.maxConversionsPerClick },
      );
      switch (outcome.kind) {
        case 'recorded':
          // Recorded and its revenue counted, flagged for the operator (docs/counting.md: Suspicious click).
          if (outcome.suspicious)
            request.log.warn({ clickId: q.click_id }, 'postback for a suspicious click recorded, flagged');
          return { transactionId: q.transaction_id, recorded: true };
        case 'repeated':
          return { transactionId: q.transaction_id, recorded: false };
        case 'unknown-click':
          throw badRequest('click_id', 'names no click of ours');
        case 'transaction-differs':
          throw conflict('transaction_id', 'is already recorded with another click, payout or currency');
        // 409, not 422: the query is well formed, and refused for what is stored (the click's conversions).
        case 'click-at-cap':
          throw conflict(
            'click_id',
            `has already brought ${outcome.conversions} conversions, the most one click may bring`,
          );
      }
    },
  });
}
