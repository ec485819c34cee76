import { refusals } from '@ipportal/domain';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestContext, type TestContext } from '../support/app.js';
import { definitions } from '../support/definitions.js';

const openApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');

describe('endpoint definitions and the routes the API serves', () => {
  let ctx: TestContext;
  let paths: Record<string, Record<string, { responses?: Record<string, unknown> }>>;

  beforeAll(async () => {
    ctx = await createTestContext();
    paths = (await ctx.app.inject({ url: '/openapi.json' })).json<{ paths: typeof paths }>().paths;
  });
  afterAll(() => ctx.close());

  test('each definition is served with its method in each of its namespaces, and in no other', () => {
    // Two definitions may share a path in different namespaces (the client's and the office's
    // deadline filter options): a served route counts for the definition that claims its namespace.
    const claimed = new Set<string>();
    const candidates: { name: string; method: string; route: string; claims: boolean }[] = [];
    for (const [name, definition] of Object.entries(definitions)) {
      const prefixes =
        definition.namespaces.length === 0 ? [''] : definition.namespaces.map((ns) => `/${ns}`);
      for (const prefix of ['', '/user', '/patent']) {
        const route = `${prefix}${openApiPath(definition.path)}`;
        const claims = prefixes.includes(prefix);
        if (claims) claimed.add(`${definition.method} ${route}`);
        candidates.push({ name, method: definition.method, route, claims });
      }
    }
    const served: string[] = [];
    const expected: string[] = [];
    for (const { name, method, route, claims } of candidates) {
      const key = `${name} ${method} ${route}`;
      const claimedByAnother = !claims && claimed.has(`${method} ${route}`);
      if (paths[route]?.[method.toLowerCase()] && !claimedByAnother) served.push(key);
      if (claims) expected.push(key);
    }
    expect(served.sort()).toEqual(expected.sort());
  });

  test('each route under /user and /patent comes from a definition', () => {
    const defined = new Set(
      Object.values(definitions).flatMap((d) =>
        d.namespaces.map((ns) => `${d.method.toLowerCase()} /${ns}${openApiPath(d.path)}`),
      ),
    );
    // The namespace prefixes are written out: this file pins the published route table.
    const routes = Object.entries(paths)
      .filter(([path]) => path.startsWith('/user/') || path.startsWith('/patent/'))
      .flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method} ${path}`));
    expect(routes.filter((route) => !defined.has(route))).toEqual([]);
  });

  test('each refusal a definition lists has its status documented on the route', () => {
    for (const definition of Object.values(definitions)) {
      for (const ns of definition.namespaces) {
        const documented = paths[`/${ns}${openApiPath(definition.path)}`]?.[definition.method.toLowerCase()];
        for (const refusal of definition.refusals) {
          expect(documented?.responses, `${definition.path} ${refusal}`).toHaveProperty(
            String(refusals[refusal].status),
          );
        }
      }
    }
  });
});
