// @ts-check

/**
 * The files a resource gets, each from its template in templates/resource (paths relative to the
 * repository root, with the answers' names filled in by plop). Nothing here exists before: the
 * generator refuses a name any of them already has.
 * @type {ReadonlyArray<{ template: string, path: string }>}
 */
export const newFiles = [
  // Contract: the endpoint definitions and their schemas (packages/domain).
  { template: 'contract.ts.hbs', path: 'packages/domain/src/contracts/{{name}}.ts' },
  // Table (the migration is written by drizzle-kit after the schema).
  { template: 'db-schema.ts.hbs', path: 'apps/api/src/db/schema/{{plural}}.ts' },
  // Repository: one module per operation, visibility as one SQL condition.
  { template: 'repo-index.ts.hbs', path: 'apps/api/src/repositories/{{plural}}/index.ts' },
  { template: 'repo-scope.ts.hbs', path: 'apps/api/src/repositories/{{plural}}/scope.ts' },
  { template: 'repo-columns.ts.hbs', path: 'apps/api/src/repositories/{{plural}}/columns.ts' },
  { template: 'repo-list.ts.hbs', path: 'apps/api/src/repositories/{{plural}}/list.ts' },
  { template: 'repo-detail.ts.hbs', path: 'apps/api/src/repositories/{{plural}}/detail.ts' },
  { template: 'repo-create.ts.hbs', path: 'apps/api/src/repositories/{{plural}}/create.ts' },
  // Route: one handler per definition.
  { template: 'route.ts.hbs', path: 'apps/api/src/routes/user/{{plural}}.ts' },
  { template: 'api-test.ts.hbs', path: 'apps/api/test/{{plural}}/{{plural}}.test.ts' },
  // Client (RTK Query).
  { template: 'client-api.ts.hbs', path: 'packages/api-client/src/{{plural}}/{{plural}}-api.ts' },
  { template: 'client-index.ts.hbs', path: 'packages/api-client/src/{{plural}}/index.ts' },
  { template: 'client-test.ts.hbs', path: 'packages/api-client/test/{{plural}}-api.test.ts' },
  // Web: the list and detail pages, their texts (ja, en) and their test.
  { template: 'web-list-page.tsx.hbs', path: 'apps/web/src/features/{{plural}}/{{plural}}-page.tsx' },
  { template: 'web-detail-page.tsx.hbs', path: 'apps/web/src/features/{{plural}}/{{name}}-page.tsx' },
  { template: 'web-texts.ts.hbs', path: 'apps/web/src/features/{{plural}}/{{plural}}-texts.ts' },
  { template: 'web-locales-texts.ts.hbs', path: 'apps/web/src/features/{{plural}}/locales/texts.ts' },
  { template: 'web-locale-ja.json.hbs', path: 'apps/web/src/features/{{plural}}/locales/ja.json' },
  { template: 'web-locale-en.json.hbs', path: 'apps/web/src/features/{{plural}}/locales/en.json' },
  { template: 'web-test.tsx.hbs', path: 'apps/web/src/features/{{plural}}/{{plural}}-pages.test.tsx' },
];

/** Folders only the resource has: one that exists belongs to another resource of the same name. */
export const ownFolders = [
  'apps/api/src/repositories/{{plural}}',
  'apps/api/test/{{plural}}',
  'packages/api-client/src/{{plural}}',
  'apps/web/src/features/{{plural}}',
];

/**
 * Names the resource adds to shared namespaces (the domain's exports, the refusals, the route ids):
 * one already there would clash at compile time, so the generator refuses it up front.
 * @type {ReadonlyArray<{ file: string, text: string }>}
 */
export const takenNames = [
  { file: 'packages/domain/src/contracts/index.ts', text: "'./{{name}}.js'" },
  { file: 'packages/domain/src/contracts/refusals.ts', text: '  {{camel}}NotFound:' },
  { file: 'apps/web/src/routes/route-table.ts', text: '\n  {{camelPlural}}: {' },
  { file: 'apps/web/src/routes/route-table.ts', text: '\n  {{camel}}Detail: {' },
];
