import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { conditions: ['@ipportal/source'] },
  ssr: { resolve: { conditions: ['@ipportal/source'] } },
  test: { include: ['src/**/*.test.ts'], environment: 'node' },
});
