// GET /api/openapi.json through the real gateway: public and cacheable, an OpenAPI 3.1 document whose every
// operation is one of the route contracts — every analytics read among them, each open to an API key —
// and that holds together (no dangling $ref, every path parameter declared, unique operation ids).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  analyticsExportRoutes,
  analyticsRoutes,
  apiKeyReadRoutes,
  everyRoute,
  type RouteContract,
} from '@bodymetrics/contracts';
import { get } from './requests';
import { startSystem, type System } from './system';

interface Operation {
  operationId: string;
  parameters?: { name: string; in: string }[];
  responses: Record<string, unknown>;
  security?: Record<string, unknown>[];
}
interface Document {
  openapi: string;
  info: { title: string; version: string };
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown>; securitySchemes: Record<string, unknown> };
}

let system: System;
let document: Document;
let headers: Record<string, unknown>;

beforeAll(async () => {
  system = await startSystem({ label: 'openapi' });
  const res = await get(system.gateway, '/api/openapi.json');
  expect(res.statusCode).toBe(200);
  headers = res.headers;
  document = JSON.parse(res.body) as Document;
});

afterAll(async () => {
  await system?.close();
});

const operationOf = (route: RouteContract) =>
  document.paths[route.path.replace(/:([A-Za-z]+)/g, '{$1}')]?.[route.method.toLowerCase()];

/** Every `$ref` anywhere in `value`. */
function refs(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(refs);
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([key, v]) =>
      key === '$ref' && typeof v === 'string' ? [v] : refs(v),
    );
  return [];
}

describe('the OpenAPI document', () => {
  it('is public JSON a proxy may cache, OpenAPI 3.1 with a title and version', () => {
    expect(headers['content-type']).toContain('application/json');
    expect(headers['cache-control']).toContain('public');
    expect(document.openapi).toBe('3.1.0');
    expect(document.info).toMatchObject({ title: expect.any(String), version: expect.any(String) });
  });

  it('has every route of the contracts, and only those', () => {
    const missing = everyRoute()
      .filter(({ route }) => !operationOf(route))
      .map(({ name }) => name);
    expect(missing).toEqual([]);
    const operations = Object.values(document.paths).flatMap((byMethod) => Object.values(byMethod));
    expect(operations.length).toBe(everyRoute().length);
    const ids = operations.map((o) => o.operationId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('has every analytics read and CSV export, each open to an admin session and an API key', () => {
    const reads = [...Object.values(analyticsRoutes), ...Object.values(analyticsExportRoutes)].filter(
      (route: RouteContract) => route.method === 'GET',
    );
    expect(reads.length).toBeGreaterThan(20);
    expect(apiKeyReadRoutes).toEqual(reads);
    for (const route of reads) {
      const security = operationOf(route)?.security?.flatMap((s) => Object.keys(s));
      expect(security, route.path).toEqual(expect.arrayContaining(['adminSession', 'apiKey']));
    }
    expect(operationOf(analyticsRoutes.overview)?.parameters?.map((p) => p.name)).toEqual(
      expect.arrayContaining(['days', 'from', 'to', 'compare']),
    );
  });

  it('holds together: every $ref resolves, every path parameter is declared, every operation answers', () => {
    for (const ref of refs(document)) {
      expect(ref.startsWith('#/')).toBe(true);
      const target = ref
        .slice(2)
        .split('/')
        .reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], document);
      expect(target, ref).toBeDefined();
    }
    for (const [path, byMethod] of Object.entries(document.paths))
      for (const [method, operation] of Object.entries(byMethod)) {
        const declared = (operation.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name);
        const inPath = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
        expect(declared.sort(), `${method} ${path}`).toEqual(inPath.sort());
        expect(Object.keys(operation.responses).some((status) => /^2\d\d$/.test(status))).toBe(true);
        for (const requirement of operation.security ?? [])
          for (const scheme of Object.keys(requirement))
            expect(document.components.securitySchemes[scheme], scheme).toBeDefined();
      }
  });
});
