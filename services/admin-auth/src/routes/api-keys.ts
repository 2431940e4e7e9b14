// GET/POST /api/admin/api-keys and DELETE /api/admin/api-keys/:id: read-only keys for scripts. The key is
// answered once, at creation; only its prefix and hash are kept (service-kit api-keys.ts).
import { sql } from 'kysely';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiKeysRoutes } from '@bodymetrics/contracts';
import { newApiKey, notFound, routeOptions } from '@bodymetrics/service-kit';
import type { AdminAuthDeps } from '../deps';

const iso = (at: Date | null) => (at ? at.toISOString() : null);

export const apiKeysRoutesPlugin: FastifyPluginAsyncZod<Pick<AdminAuthDeps, 'db'>> = async (app, { db }) => {
  app.route({
    ...routeOptions(apiKeysRoutes.list),
    handler: async () => {
      const rows = await db
        .selectFrom('api_keys')
        .select(['id', 'name', 'prefix', 'created_at', 'last_used_at', 'revoked_at'])
        .orderBy('id')
        .execute();
      return {
        keys: rows.map((r) => ({
          id: r.id,
          name: r.name,
          prefix: r.prefix,
          createdAt: r.created_at.toISOString(),
          lastUsedAt: iso(r.last_used_at),
          revokedAt: iso(r.revoked_at),
        })),
      };
    },
  });

  app.route({
    ...routeOptions(apiKeysRoutes.create),
    handler: async (request, reply) => {
      const { key, prefix, keyHash } = newApiKey();
      const { id } = await db
        .insertInto('api_keys')
        .values({
          name: request.body.name,
          prefix,
          key_hash: keyHash,
          created_by: request.adminSession?.adminId ?? null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      request.log.info({ by: request.adminSession?.username, prefix }, 'API key created');
      return reply.code(201).send({ id, name: request.body.name, key, prefix });
    },
  });

  app.route({
    ...routeOptions(apiKeysRoutes.revoke),
    handler: async (request) => {
      // Revoking twice keeps the first time; the guard reads the row on every request, so it holds at once.
      const row = await db
        .updateTable('api_keys')
        .set({ revoked_at: sql`coalesce(revoked_at, now())` })
        .where('id', '=', request.params.id)
        .returning('prefix')
        .executeTakeFirst();
      if (!row) throw notFound('API key');
      request.log.info({ by: request.adminSession?.username, prefix: row.prefix }, 'API key revoked');
      return { success: true as const };
    },
  });
};
