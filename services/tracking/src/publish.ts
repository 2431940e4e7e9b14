// Publishing from a route: 202 only after the bus acknowledged the write; a bus that cannot take it
// in time becomes a 503 (never a hanging request, never a 202 for an event that may be lost). Every
// write the bus did not take is counted on /metrics (kafka_produce_errors_total). The call's `eventId`, when
// the body has one, is the event's id, so a client's retry of a call (even one answered 503 whose write had
// landed) is one event to the aggregator; it travels as the envelope's id, never inside the payload.
import type { FastifyInstance, FastifyReply } from 'fastify';
import { BusUnavailableError, type Bus } from '@bodymetrics/bus';
import type { TopicDefinition } from '@bodymetrics/contracts';
import { counterOf, serviceUnavailable } from '@bodymetrics/service-kit';

export const produceErrors = (app: FastifyInstance) =>
  counterOf(app, {
    name: 'kafka_produce_errors_total',
    help: 'Tracking writes the bus did not acknowledge (answered 503 when the bus was unavailable)',
    labelNames: ['topic', 'reason'] as const,
  });

export async function publishAccepted(
  bus: Bus,
  topic: TopicDefinition,
  payload: unknown,
  reply: FastifyReply,
  eventId?: string,
) {
  try {
    const envelope = await bus.publish(topic, payload, { id: eventId });
    return reply.status(202).send({ accepted: true, id: envelope.id });
  } catch (err) {
    const unavailable = err instanceof BusUnavailableError;
    produceErrors(reply.server).inc({ topic: topic.name, reason: unavailable ? 'unavailable' : 'error' });
    if (unavailable) {
      // Overload (the embedded bus's backlog is full) or a broker away: tell the client when to try again.
      reply.header('retry-after', String(err.retryAfterSeconds ?? 5));
      throw serviceUnavailable('Tracking is temporarily unavailable; please retry');
    }
    throw err;
  }
}
