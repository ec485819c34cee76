#!/usr/bin/env node
// @ts-check
import { fileURLToPath } from 'node:url';
import { Plop, run } from 'plop';

/*
 * `pnpm gen <generator> [answers...]` from the repository root: plop with this package's
 * plopfile, wherever it is called from (answers given on the command line skip their questions).
 */
Plop.prepare({ configPath: fileURLToPath(new URL('../plopfile.js', import.meta.url)) }, (env) => {
  Plop.execute(env, (preparedEnv) => {
    void run(preparedEnv, undefined, false);
  });
});
