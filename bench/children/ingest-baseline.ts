// The ingest benchmark's baseline: a bare fastify route that validates the same page-visit body with the
// same zod schema and answers 202 — no gateway hop, no Kafka. Its own process, like the tracking service.
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { pageVisitBodySchema } from '@bodymetrics/contracts';

const app = Fastify({ logger: false, bodyLimit: 16 * 1024 }).withTypeProvider<ZodTypeProvider>();
app.setValidatorCompiler(validatorCompiler);
app.setSerializerCompiler(serializerCompiler);
app.get('/healthz', () => ({ status: 'ok' }));
app.post('/api/analytics/page-visit', { schema: { body: pageVisitBodySchema } }, (_request, reply) =>
  reply.status(202).send({ accepted: true }),
);

const close = () => void app.close().then(() => process.exit(0));
process.on('SIGTERM', close);
process.on('SIGINT', close);
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT ?? 0) });
