import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { defineConfig } from '@ipportal/eslint-config';

const dir = import.meta.dirname;
const features = readdirSync(join(dir, 'src/features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

export default [
  ...defineConfig({ dir, layer: 'web' }),
  {
    files: ['src/**/*.{ts,tsx}'],
    rules: {
      // User-facing attributes are text too, not only JSX children.
      'i18next/no-literal-string': [
        'error',
        {
          mode: 'jsx-only',
          'jsx-attributes': {
            include: [
              'aria-label',
              'aria-description',
              'alt',
              'title',
              'placeholder',
              'label',
              'heading',
              'detail',
            ],
          },
        },
      ],
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'react-redux',
              importNames: ['useDispatch', 'useSelector', 'useStore'],
              message: 'Use useAppDispatch / useAppSelector / useAppStore from src/app/hooks.',
            },
          ],
        },
      ],
      // A feature reaches another only through its public face, `features/<name>/index.ts`; its
      // other files are its own. src/shared imports no feature and no app code.
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...features.map((feature) => ({
              target: `./src/features/${feature}`,
              from: './src/features',
              except: [
                `./${feature}`,
                ...features.filter((other) => other !== feature).map((other) => `./${other}/index.ts`),
              ],
              message:
                'Import another feature through its index.ts (add what you need there), not its files.',
            })),
            { target: './src/shared', from: ['./src/features', './src/app', './src/routes'] },
            {
              target: './src/routes',
              from: ['./src/features', './src/app'],
              message: 'src/routes is data: it imports no page or app code (pages: src/app/route-pages.ts).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/app/hooks.ts'],
    rules: { '@typescript-eslint/no-restricted-imports': 'off' },
  },
  {
    files: ['scripts/**/*.mjs', '*.config.{js,ts}'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly' } },
  },
];
