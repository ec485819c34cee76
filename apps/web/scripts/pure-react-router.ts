import type { Plugin } from 'vite';

/** The modules of react-router's production build (the file the alias in vite.config.ts names and its chunks). */
const reactRouterBuild = /[\\/]react-router[\\/]dist[\\/]production[\\/][^\\/]+\.mjs$/;

/** `var Link = React10.forwardRef(`: a component or context made at a module's top level. */
const topLevelReactCall = /^(var [\w$]+ = )(React\d*\.(?:forwardRef|memo|createContext)\()/gm;
/** `Link.displayName = "Link";`: a line of its own at a module's top level. */
const topLevelDisplayName = /^[\w$]+\.displayName = "[^"\n]*";$/gm;

/**
 * react-router's production build with its top-level component and context definitions marked
 * pure (`/* @__PURE__ *\/`) and their `displayName` assignments, which only React's developer
 * tools read, taken out. Line breaks are kept, so the source map still points at the right lines.
 */
export function markReactRouterPure(code: string): string {
  return code.replace(topLevelReactCall, '$1/* @__PURE__ */ $2').replace(topLevelDisplayName, '');
}

/**
 * Lets the bundler drop the parts of react-router nothing imports. Its production build makes
 * components with `React.forwardRef(...)` and names them with `X.displayName = "X"` at the top
 * level, without the pure annotation a bundler needs to see that an unused one can go, so NavLink
 * and Form, with the form submission code they call, rode in /login's first download although
 * the app uses neither (docs/adr/0052). Production builds only; tests and `vite dev` load the
 * library as it is.
 */
export function pureReactRouter(): Plugin {
  return {
    name: 'ipportal:pure-react-router',
    apply: 'build',
    transform: {
      filter: { id: reactRouterBuild },
      handler(code) {
        const pure = markReactRouterPure(code);
        return pure === code ? null : { code: pure, map: null };
      },
    },
  };
}
