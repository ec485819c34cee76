/**
 * The operator's reset of a user's two-factor sign-in, for a company user whose organization has
 * no administrator to do it on its users page (or who has no organization):
 *
 *   node apps/api/dist/cli/second-factor.js reset <email> [--office]
 *
 * `--office` picks the office pool (office users can also reset it themselves with a password
 * reset). In development: `pnpm --filter @ipportal/api second-factor reset <email>`. It reads the
 * same environment as the server (DATABASE_URL, DATA_DIR); the embedded PGlite database belongs
 * to one process: stop the server first. Check who asks before running it: the reset lets a
 * password alone sign in.
 */
import { loadConfig } from '../config.js';
import { runCli } from './run-cli.js';
import { openDatabase } from '../db/client.js';
import { resetSecondFactorByEmail } from '../identity/index.js';

const usage = 'usage: second-factor reset <email> [--office]';

async function main(args: string[]): Promise<number> {
  const [command, email, ...flags] = args;
  if (command !== 'reset' || !email || flags.some((flag) => flag !== '--office')) {
    process.stderr.write(`${usage}\n`);
    return 2;
  }
  const userType = flags.includes('--office') ? 'PATENT' : 'REGULAR';
  const database = await openDatabase(loadConfig().database);
  try {
    if (await resetSecondFactorByEmail(database.db, userType, email)) {
      process.stdout.write(
        `two-factor sign-in turned off for ${email}; they sign in with the password and may set it up again\n`,
      );
      return 0;
    }
    process.stderr.write(
      `no ${userType === 'PATENT' ? 'office' : 'company'} user ${email} with two-factor sign-in on\n`,
    );
    return 1;
  } finally {
    await database.close();
  }
}

runCli(main);
