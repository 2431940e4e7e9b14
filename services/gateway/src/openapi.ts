// GET /api/openapi.json: an OpenAPI 3.1 document of every public and admin route, generated from the route
// contracts (everyRoute) with zod's own JSON Schema output, so it cannot drift from what the services
// validate and answer. Built once per process; public and cacheable (it holds no data).
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  apiKeyReadRoutes,
  errorBodySchema,
  everyRoute,
  isRawAnswer,
  type RouteContract,
  type RouteService,
} from '@bodymetrics/contracts';

export const openApiPath = '/api/openapi.json';

type JsonSchema = Record<string, unknown>;

/** A request part as the client sends it (before transforms); anything JSON Schema cannot say is open. */
const inputSchema = (schema: z.ZodType): JsonSchema =>
  z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
const outputSchema = (schema: z.ZodType): JsonSchema =>
  z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any' }) as JsonSchema;

/** Behind the admin session: the dashboard's, the operator's management and the alerts' routes. */
const needsSession = (service: RouteService, name: string, route: RouteContract) =>
  service !== 'tracking' &&
  !name.startsWith('adminAuthRoutes.') &&
  /^\/api\/(admin|analytics|journey)\//.test(route.path);

function parameters(route: RouteContract): JsonSchema[] {
  const of = (where: 'path' | 'query', schema: z.ZodType | undefined) => {
    if (!schema) return [];
    const json = inputSchema(schema);
    const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
    const required = new Set((json.required as string[] | undefined) ?? []);
    return Object.entries(properties).map(([name, property]) => ({
      name,
      in: where,
      required: where === 'path' || required.has(name),
      schema: property,
    }));
  };
  return [...of('path', route.params), ...of('query', route.query)];
}

function responses(route: RouteContract): JsonSchema {
  const success = isRawAnswer(route.response)
    ? { description: route.response.contentType, content: { [route.response.contentType]: {} } }
    : { description: 'OK', content: { 'application/json': { schema: outputSchema(route.response) } } };
  return {
    [String(route.status)]: success,
    default: {
      description: 'An error, in the one error shape',
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
    },
  };
}

const apiKeyReads = new Set(apiKeyReadRoutes);

export function openApiDocument(): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const { service, name, route } of everyRoute()) {
    const path = route.path.replace(/:([A-Za-z]+)/g, '{$1}');
    const session = needsSession(service, name, route);
    const params = parameters(route);
    (paths[path] ??= {})[route.method.toLowerCase()] = {
      operationId: name,
      tags: [service],
      ...(params.length ? { parameters: params } : {}),
      ...(route.body
        ? {
            requestBody: {
              required: true,
              content: { 'application/json': { schema: inputSchema(route.body) } },
            },
          }
        : {}),
      responses: responses(route),
      ...(session
        ? {
            security: [
              { adminSession: [] },
              { adminBearer: [] },
              ...(apiKeyReads.has(route) ? [{ apiKey: [] }] : []),
            ],
          }
        : {}),
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'BodyMetrics API',
      version: '1',
      description:
        'Every public and admin route. Admin routes need the session cookie (same origin for writes) or ' +
        '`Authorization: Bearer <session id>`; the analytics reads and CSV exports also take a read-only ' +
        'API key (`Authorization: Bearer bm_…`).',
    },
    paths,
    components: {
      schemas: { Error: outputSchema(errorBodySchema) },
      securitySchemes: {
        adminSession: { type: 'apiKey', in: 'cookie', name: 'bm_admin_session' },
        adminBearer: { type: 'http', scheme: 'bearer', description: 'An admin session id' },
        apiKey: { type: 'http', scheme: 'bearer', description: 'A read-only API key (bm_…)' },
      },
    },
  };
}

/** Serves the document, built on the first request. */
export function serveOpenApi(app: FastifyInstance): void {
  let document: string | undefined;
  app.get(openApiPath, async (_request, reply) => {
    document ??= JSON.stringify(openApiDocument());
    return reply
      .type('application/json; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(document);
  });
}
