import { defineConfig } from '@ipportal/eslint-config';

export default defineConfig({ dir: import.meta.dirname, layer: 'node-app' });
