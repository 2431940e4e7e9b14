// Publishing from a route: 202 only after the bus acknowledged the write; a bus that cannot take it
// in time becomes a 503 (never a hanging request, never a 202 for an event that may be lost).
import type { FastifyReply } from 'fastify';
import { BusUnavailableError, type Bus } from '@bodymetrics/bus';
import type { TopicDefinition } from '@bodymetrics/contracts';
import { serviceUnavailable } from '@bodymetrics/service-kit';

export async function publishAccepted(bus: Bus, topic: TopicDefinition, payload: unknown, reply: FastifyReply) {
  try {
    const envelope = await bus.publish(topic, payload);
    return reply.status(202).send({ accepted: true, id: envelope.id });
  } catch (err) {
    if (err instanceof BusUnavailableError) throw serviceUnavailable('Tracking is temporarily unavailable; please retry');
    throw err;
  }
}
