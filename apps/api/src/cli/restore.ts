/**
 * Restores a folder written by cli/backup.ts into an empty database and empty storage, then exits:
 *
 *   node apps/api/dist/cli/restore.js <dir>       (also `pnpm restore <dir>` from the repository root)
 *
 * It reads the same environment as the server: the target is a new DATA_DIR (PGlite backups) or a
 * newly created database at DATABASE_URL (PostgreSQL backups, with `pg_restore` on PATH), and the
 * storage that STORAGE_DRIVER names, which must be empty. Anything else is refused before a byte
 * is written. Start the server with the same IDENTITY_KEY_ENCRYPTION_KEY as the backed-up one;
 * run the migrate step when the release is newer than the backup.
 */
import { restore } from '../backup/restore.js';
import { commandLinePath, loadConfig } from '../config.js';
import { runCli } from './run-cli.js';

async function main(args: string[]): Promise<number> {
  if (args.length !== 1) {
    process.stderr.write('usage: restore <dir>   (a folder written by backup)\n');
    return 2;
  }
  const dir = commandLinePath(args[0]!);
  const manifest = await restore(loadConfig(), dir);
  process.stdout.write(
    `restore: ${manifest.database.kind} database and ${manifest.storage.objects.length} stored object(s) restored from ${dir} (backed up ${manifest.createdAt})\n`,
  );
  return 0;
}

runCli(main, 'restore: ');
