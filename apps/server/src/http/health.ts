import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../db/pool';

/** GET /healthz: 200 while the database answers, 503 when it does not (load balancers take us out). */
export function registerHealth(app: FastifyInstance, db: Executor): void {
  app.get('/healthz', { schema: { hide: true } }, async (request, reply) => {
    try {
      await db.execute(sql`select 1`);
      return reply.send({ status: 'ok' });
    } catch (error) {
      request.log.warn({ err: error }, 'health check: database unavailable');
      return reply.code(503).send({ status: 'unavailable' });
    }
  });
}
