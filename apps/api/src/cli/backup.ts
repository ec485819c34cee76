/**
 * Backs up the database and every stored object into a new folder, then exits:
 *
 *   node apps/api/dist/cli/backup.js <dir>        (also `pnpm backup <dir>` from the repository root)
 *
 * It reads the same environment as the server (DATABASE_URL or DATA_DIR, STORAGE_DRIVER and S3_*).
 * PostgreSQL is dumped with `pg_dump` (on PATH, of the server's major version) while the servers
 * run; the embedded PGlite database belongs to one process: stop the server first.
 * Restore with cli/restore.ts; the format is in docs/adr/0035-backup-format.md.
 */
import { backUp } from '../backup/backup.js';
import { commandLinePath, loadConfig } from '../config.js';
import { runCli } from './run-cli.js';

async function main(args: string[]): Promise<number> {
  if (args.length !== 1) {
    process.stderr.write('usage: backup <dir>   (a new or empty folder)\n');
    return 2;
  }
  const dir = commandLinePath(args[0]!);
  const manifest = await backUp(loadConfig(), dir);
  const bytes = manifest.storage.objects.reduce((sum, object) => sum + object.size, 0);
  process.stdout.write(
    `backup: ${manifest.database.kind} database and ${manifest.storage.objects.length} stored object(s) (${bytes} bytes) written to ${dir}\n`,
  );
  return 0;
}

runCli(main, 'backup: ');
