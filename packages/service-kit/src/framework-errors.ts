// Errors fastify's router raises before any route runs — a path that is not valid percent-encoding
// (400), a path parameter longer than the router takes (414) — bypass the error handler and would
// answer in fastify's own shape. Given as `frameworkErrors`, this answers them in ours.
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorBody } from '@bodymetrics/contracts';

export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
  const body: ErrorBody = {
    error: tooLong
      ? { code: 'uri_too_long', message: 'path: a segment of the path is too long' }
      : { code: 'invalid_request', message: 'path: is not a valid URL path' },
  };
  void reply.status(error.statusCode && error.statusCode >= 400 ? error.statusCode : 400).send(body);
}

/**
 * A request Node's HTTP parser refuses (headers or URL over the size limit, malformed HTTP, a client
 * too slow to send its headers) never reaches fastify; given as `clientErrorHandler`, this answers it
 * in the one error shape as well, the way fastify's own handler does otherwise.
 */
export function clientErrorHandler(err: Error & { code?: string }, socket: Duplex): void {
  // A reset connection has nobody left to answer.
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, code, message] =
    err.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'headers_too_large', 'The request line or headers are too large']
      : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'request_timeout', 'The request was not received in time']
        : [400, 'invalid_request', 'The request is not valid HTTP'];
  const body = JSON.stringify({ error: { code, message } } satisfies ErrorBody);
  if (socket.writable)
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
    );
  socket.destroy(err);
}
