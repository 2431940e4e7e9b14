// The one error handler of every service: `{ error: { code, message, details? } }`, validation errors
// naming the field, 5xx messages hidden from the caller but logged with the request's context.
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorBody } from '@bodymetrics/contracts';
import { HttpError, RateLimitedError } from './http-error';

interface FieldIssue {
  field: string;
  message: string;
}

const fieldOf = (path: string, params?: Record<string, unknown>): string => {
  // zod reports an unknown key on a strict object at the object's path; name the key itself.
  const keys = params && Array.isArray(params.keys) ? (params.keys as string[]) : undefined;
  const base = path.replace(/^\//, '').replace(/\//g, '.');
  if (keys?.length) return keys.map((k) => (base ? `${base}.${k}` : k)).join(', ');
  return base || '(body)';
};

export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(err)) {
      const issues: FieldIssue[] = err.validation.map((v) => ({
        field: fieldOf(v.instancePath, v.params as Record<string, unknown>),
        message: v.message ?? 'is invalid',
      }));
      const first = issues[0];
      const body: ErrorBody = {
        error: {
          code: 'validation_error',
          message: first ? `${first.field}: ${first.message}` : 'Invalid request',
          details: issues,
        },
      };
      return reply.status(400).send(body);
    }
    if (err instanceof HttpError) {
      if (err.statusCode >= 500) request.log.warn({ err }, err.message);
      if (err instanceof RateLimitedError) void reply.header('retry-after', String(err.retryAfterSeconds));
      return reply
        .status(err.statusCode)
        .send({ error: { code: err.code, message: err.message, details: err.details } });
    }
    const status = err.statusCode && err.statusCode >= 400 ? err.statusCode : 500;
    if (status < 500) {
      // Fastify's own client errors: malformed JSON, unsupported media type, body too large.
      const code =
        err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
          ? 'unsupported_media_type'
          : err.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
            ? 'payload_too_large'
            : status === 429
              ? 'rate_limited'
              : 'invalid_request';
      const field = code === 'invalid_request' ? '(body)' : undefined;
      return reply
        .status(status)
        .send({ error: { code, message: field ? `${field}: ${err.message}` : err.message } });
    }
    request.log.error({ err }, 'request failed');
    return reply.status(status).send({ error: { code: 'internal_error', message: 'Something went wrong' } });
  });

  app.setNotFoundHandler((request, reply) => {
    return reply.status(404).send({
      error: { code: 'not_found', message: `No route for ${request.method} ${request.url.split('?')[0]}` },
    });
  });
}
