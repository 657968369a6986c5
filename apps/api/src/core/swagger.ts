import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { errorBody } from '@rtb/shared';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** OpenAPI generated from the routes' zod schemas; Swagger UI at /api/docs. */
export async function registerSwagger(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'RTB Panel API',
        description:
          'The API of the admin, agency and advertiser panels. Every error answers with the ErrorBody ' +
          'schema: `error` is a stable code (translate by it), `message` the English text, `code` the ' +
          'HTTP status (kept for existing clients), `issues` the field errors by code.',
        version: '1.0.0',
      },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
        schemas: { ErrorBody: z.toJSONSchema(errorBody, { target: 'openapi-3.0' }) as never },
      },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
}
