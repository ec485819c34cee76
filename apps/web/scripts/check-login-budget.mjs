// Fails when the JavaScript of a first visit to /login passes its budget (scripts/login-budget.mjs),
// so the first download cannot grow back unnoticed. Runs after the build, in the package's tests.
// Arguments (for its own test): the built app's folder (default ../dist); LOGIN_BUDGET_KB
// overrides the budget.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loginBudgetKb, loginFiles } from './login-budget.mjs';

const dist = process.argv[2] ?? join(dirname(fileURLToPath(import.meta.url)), '../dist');
const budgetKb = Number(process.env.LOGIN_BUDGET_KB ?? loginBudgetKb);
if (!existsSync(join(dist, '.vite/manifest.json'))) {
  console.error(`No production build in ${dist}: run \`pnpm --filter @ipportal/web build\` first.`);
  process.exit(1);
}
const files = loginFiles(dist);
const totalKb = files.reduce((sum, f) => sum + f.gzip, 0) / 1024;
const line = `/login loads ${totalKb.toFixed(2)} KB of JavaScript (gzip) in ${files.length} files; budget ${budgetKb} KB`;
if (totalKb > budgetKb) {
  console.error(`${line}: OVER BUDGET`);
  for (const f of files) console.error(`  ${f.file}  ${(f.gzip / 1024).toFixed(2)} KB`);
  process.exit(1);
}
console.log(`${line}: within it`);
