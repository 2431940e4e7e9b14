// Bounded primitives: every string that reaches Kafka or Postgres has a length limit.
import { z } from 'zod';

export const visitorIdSchema = z.string().trim().min(1).max(128);
export const sessionIdSchema = z.string().trim().min(1).max(128);
export const pageUrlSchema = z.string().max(2048);
export const userAgentSchema = z.string().max(1024);
export const shortTextSchema = z.string().max(256);
/** Spec: `isReturningVisitor (0 or 1)`; booleans from other trackers are accepted and normalised. */
export const zeroOrOneSchema = z
  .union([z.literal(0), z.literal(1), z.boolean()])
  .transform((v) => (v === true || v === 1 ? 1 : 0));
/** Free-form JSON objects (stepData, form snapshots) are bounded in size so one request cannot bloat a row. */
export const boundedJsonObject = (maxBytes: number) =>
  z.record(z.string().max(64), z.unknown()).refine((v) => JSON.stringify(v).length <= maxBytes, {
    message: `must be at most ${maxBytes} bytes of JSON`,
  });
