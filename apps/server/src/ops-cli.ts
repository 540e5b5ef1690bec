// `npm run backup -- --out FILE` and `npm run restore -- --from FILE [--force]` (ops/backup.ts).
import { ConfigError } from './config';
import { DataFolderInUseError } from './db/client';
import { BACKUP_USAGE, backupCommand, RESTORE_USAGE, restoreCommand } from './ops/backup';

const [command, ...args] = process.argv.slice(2);
try {
  if (command === 'backup') process.exitCode = await backupCommand(args, process.env);
  else if (command === 'restore') process.exitCode = await restoreCommand(args, process.env);
  else {
    console.error(`${BACKUP_USAGE}\n${RESTORE_USAGE}`);
    process.exitCode = 2;
  }
} catch (err) {
  console.error(
    err instanceof DataFolderInUseError
      ? `${err.message}\nThe embedded database is backed up and restored with the server stopped.`
      : err instanceof ConfigError
        ? err.message
        : err,
  );
  process.exitCode = 1;
}
