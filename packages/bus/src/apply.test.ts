// Which failures the bus retries (the database will be back) and which it treats as poison.
import { describe, expect, it } from 'vitest';
import { defaultIsRetryable } from './apply';

describe('defaultIsRetryable', () => {
  it.each([
    ['terminating connection due to administrator command', { code: '57P01' }],
    ['the database system is shutting down', { code: '57P03' }],
    ['the database system is starting up', { code: '57P03' }],
    ['too many connections', { code: '53300' }],
    ['connection refused', { code: 'ECONNREFUSED', message: 'connect ECONNREFUSED 127.0.0.1:5432' }],
    ['connection reset', { code: 'ECONNRESET', message: 'read ECONNRESET' }],
    ['serialization failure', { code: '40001' }],
    ['deadlock', { code: '40P01' }],
    ['pg: connection error', { message: 'Client has encountered a connection error and is not queryable' }],
    ['pg: client closed', { message: 'Client was closed and is not queryable' }],
    ['pg: terminated', { message: 'Connection terminated unexpectedly' }],
    ['pool: connect timeout', { message: 'timeout exceeded when trying to connect' }],
  ] as [string, { code?: string; message?: string }][])('retries %s', (_name, err) => {
    expect(defaultIsRetryable(Object.assign(new Error(err.message ?? 'x'), err))).toBe(true);
  });

  it.each([
    ['a constraint violation', { code: '23505', message: 'duplicate key value violates unique constraint' }],
    ['a bad value', { code: '22P02', message: 'invalid input syntax for type integer' }],
    ['a bug', { message: "Cannot read properties of undefined (reading 'id')" }],
  ])('does not retry %s (it would fail again)', (_name, err) => {
    expect(defaultIsRetryable(Object.assign(new Error(err.message), err))).toBe(false);
  });
});
