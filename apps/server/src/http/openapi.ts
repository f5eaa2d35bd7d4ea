import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { ADDRESS_HEADER } from '@floordesk/protocol';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** An authenticated call sends both the session secret and the address it belongs to. */
export const SESSION_SECURITY = [{ signNum: [], address: [] }];

/** Documents every route registered after it; call before the routes. */
export async function registerOpenApi(app: FastifyInstance, version: string): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'FloorDesk API', version },
      components: {
        securitySchemes: {
          signNum: { type: 'http', scheme: 'bearer', description: '`sign_num` from /api/auth/login' },
          address: { type: 'apiKey', in: 'header', name: ADDRESS_HEADER, description: '`token` from /api/auth/login' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  // The UI's assets ship inside the package: the docs page works offline.
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
  app.get('/api/openapi.json', { schema: { hide: true } }, () => app.swagger());
}
