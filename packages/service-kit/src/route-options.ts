// A service registers each route from its contract (packages/contracts route objects): method, path and the
// schemas of body, query, path parameters and JSON answer come from the one object the gateway and the
// clients also read, so a path or a shape cannot differ between the sides.
//   app.route({ ...routeOptions(reportsRoutes.contact), handler: async (request) => … })
import type { FastifyReply } from 'fastify';
import { isRawAnswer, type RawRoute, type RouteContract } from '@bodymetrics/contracts';
import type { z } from 'zod';

type SchemaOf<R, Key extends string> = R extends { [K in Key]: infer S extends z.ZodType } ? S : never;
type Field<Name extends string, S> = [S] extends [never] ? unknown : { [K in Name]: S };

/** The fastify schema of a route contract, typed so the handler's request and answer follow it. */
export type ContractSchema<R extends RouteContract, Body extends z.ZodType = SchemaOf<R, 'body'>> = Field<
  'body',
  Body
> &
  Field<'querystring', SchemaOf<R, 'query'>> &
  Field<'params', SchemaOf<R, 'params'>> &
  (R['response'] extends z.ZodType ? { response: { [S in R['status']]: R['response'] } } : unknown);

export interface ContractRouteOptions<R extends RouteContract, Body extends z.ZodType> {
  method: R['method'];
  url: R['path'];
  schema: ContractSchema<R, Body>;
}

/**
 * The method, path and schemas of a route contract, to spread into `app.route`. `narrowBody` is for a
 * body the contract can only state loosely (the report's `metrics`: the engine's rules live in
 * packages/health, which contracts cannot import): a stricter schema whose output is still the contract's.
 */
export function routeOptions<const R extends RouteContract, Body extends z.ZodType = SchemaOf<R, 'body'>>(
  route: R,
  narrowBody?: Body & z.ZodType<z.output<SchemaOf<R, 'body'>>>,
): ContractRouteOptions<R, Body> {
  const body = narrowBody ?? route.body;
  const schema = {
    ...(body ? { body } : {}),
    ...(route.query ? { querystring: route.query } : {}),
    ...(route.params ? { params: route.params } : {}),
    ...(isRawAnswer(route.response) ? {} : { response: { [route.status]: route.response } }),
  };
  return { method: route.method, url: route.path, schema: schema as ContractSchema<R, Body> };
}

/** The reply of a route that answers a page, an image or a file, with the content type its contract names. */
export function replyAs(reply: FastifyReply, route: RawRoute): FastifyReply {
  return reply.type(route.response.contentType);
}
