import fp from 'fastify-plugin';
import { createStorage, type Storage } from '../storage/index.js';

/** `app.storage`: the configured object storage driver (or one passed in by tests). */
export const storagePlugin = fp<{ storage?: Storage | undefined }>(
  (app, { storage }, done) => {
    const instance = storage ?? createStorage(app.config.storage);
    app.decorate('storage', instance);
    app.addHook('onClose', async () => instance.close());
    done();
  },
  { name: 'storage', dependencies: ['config'] },
);
