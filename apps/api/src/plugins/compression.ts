import compress from '@fastify/compress';
import fp from 'fastify-plugin';

/**
 * Compresses answers above 1 KB (JSON, the OpenAPI document, the identity service's answers) for
 * clients that accept it. Brotli and gzip only: every browser the portal supports sends both, and
 * they behave the same on every Node version the server runs on. The web app's own files come
 * precompressed from the build (see the web-app plugin), so they are not compressed again here;
 * stored-file downloads opt out per route (`route()`), so they go out byte for byte with their
 * length. Event streams are never compressed.
 */
export const compressionPlugin = fp(
  async (app) => {
    await app.register(compress, { encodings: ['br', 'gzip'], threshold: 1024 });
  },
  { name: 'compression' },
);
