import { defineConfig } from '@ipportal/eslint-config';

export default [
  ...defineConfig({ dir: import.meta.dirname, layer: 'node-app' }),
  {
    // One validated config module reads the environment; everything else receives AppConfig.
    files: ['src/**/*.ts'],
    ignores: ['src/config.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        {
          object: 'process',
          property: 'env',
          message: 'Read settings from AppConfig (src/config.ts), not process.env.',
        },
      ],
    },
  },
];
