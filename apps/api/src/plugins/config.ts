import fp from 'fastify-plugin';
import type { AppConfig } from '../config.js';

/** Makes the validated configuration available as `app.config`. */
export const configPlugin = fp<{ config: AppConfig }>(
  (app, { config }, done) => {
    app.decorate('config', config);
    done();
  },
  { name: 'config' },
);
