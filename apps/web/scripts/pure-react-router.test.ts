import { readdir, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { markReactRouterPure } from './pure-react-router';

/** The installed react-router's production build, as the production alias picks it. */
async function installedProductionBuild(): Promise<string> {
  const dir = path.join(
    path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
    'dist/production',
  );
  const files = (await readdir(dir)).filter((file) => file.endsWith('.mjs'));
  const sources = await Promise.all(files.map((file) => readFile(path.join(dir, file), 'utf8')));
  return sources.join('\n');
}

describe('markReactRouterPure', () => {
  test('marks top-level components and contexts pure and drops their display names, keeping every line', () => {
    const code = [
      'var Link = React10.forwardRef(',
      '  function LinkWithRef(props, ref) {',
      '    FetcherForm2.displayName = "fetcher.Form";',
      '    return React10.createElement("a", props);',
      '  }',
      ');',
      'Link.displayName = "Link";',
      'var RouteContext = React.createContext(null);',
      'var MemoizedRoutes = React3.memo(Routes);',
      'var other = makeSomething();',
    ].join('\n');
    const pure = markReactRouterPure(code);
    expect(pure.split('\n')).toEqual([
      'var Link = /* @__PURE__ */ React10.forwardRef(',
      '  function LinkWithRef(props, ref) {',
      // Inside a function it is not a module-level statement: left as it is.
      '    FetcherForm2.displayName = "fetcher.Form";',
      '    return React10.createElement("a", props);',
      '  }',
      ');',
      '',
      'var RouteContext = /* @__PURE__ */ React.createContext(null);',
      'var MemoizedRoutes = /* @__PURE__ */ React3.memo(Routes);',
      'var other = makeSomething();',
    ]);
  });

  test('still finds the components of the installed react-router (a new release may change its build)', async () => {
    const pure = markReactRouterPure(await installedProductionBuild());
    for (const component of ['Link', 'NavLink', 'Form']) {
      expect(pure).toMatch(
        new RegExp(`^var ${component} = /\\* @__PURE__ \\*/ React\\d*\\.forwardRef\\(`, 'm'),
      );
      expect(pure).not.toMatch(new RegExp(`^${component}\\.displayName = `, 'm'));
    }
  });
});
