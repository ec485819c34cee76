import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  errorEnvelopeSchema,
  productName,
  projectListResponseSchema,
  projectSchema,
  projectTabCountsSchema,
  runtimeConfigSchema,
  userSchema,
} from '@ipportal/domain';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** Named components in the document; registered once per process (the registry is global). */
const components: [z.ZodType, string][] = [
  [projectSchema, 'Project'],
  [projectTabCountsSchema, 'ProjectTabCounts'],
  [projectListResponseSchema, 'ProjectListResponse'],
  [userSchema, 'User'],
  [errorEnvelopeSchema, 'ErrorEnvelope'],
  [runtimeConfigSchema, 'RuntimeConfig'],
];
for (const [schema, id] of components)
  if (!z.globalRegistry.has(schema)) z.globalRegistry.add(schema, { id });

/**
 * The OpenAPI document, generated from the routes' zod schemas (the domain contracts), at
 * /openapi.json; an interactive page at /docs outside production.
 */
export const openapiPlugin = fp(
  async (app) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: `${productName} API`,
          version: '0.1.0',
          description: 'REST API of the portal: /user for REGULAR users, /patent for PATENT users.',
        },
        components: {
          securitySchemes: {
            idToken: {
              type: 'http',
              scheme: 'bearer',
              bearerFormat: 'JWT',
              description: 'The ID token of the user pool',
            },
          },
        },
        tags: [
          { name: 'user', description: 'REGULAR users (clients)' },
          { name: 'patent', description: 'PATENT users (firms)' },
          { name: 'system', description: 'Health and runtime configuration' },
        ],
      },
      transform: jsonSchemaTransform,
      transformObject: jsonSchemaTransformObject,
    });
    app.get('/openapi.json', { schema: { hide: true } }, () => app.swagger());
    if (!app.config.isProduction) {
      await app.register(swaggerUi, {
        routePrefix: '/docs',
        staticCSP: true,
        // The docs page exists outside production only, usually on plain http://localhost, where
        // upgrade-insecure-requests would send its scripts to https and break it; Swagger UI
        // also sets a few inline styles.
        transformStaticCSP: (header) =>
          header
            .replace(/\s*upgrade-insecure-requests;?/, '')
            .replace("style-src 'self' https:", "style-src 'self' https: 'unsafe-inline'"),
      });
    }
  },
  { name: 'openapi', dependencies: ['config'] },
);
