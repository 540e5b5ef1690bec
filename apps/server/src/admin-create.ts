// `npm run admin:create -- --email …`: makes an admin and prints the link to set its password (modules/admin).
import { ConfigError } from './config';
import { DataFolderInUseError } from './db/client';
import { adminCreateCommand } from './modules/admin/create-admin-command';

try {
  process.exitCode = await adminCreateCommand(process.argv.slice(2), process.env);
} catch (err) {
  console.error(err instanceof ConfigError || err instanceof DataFolderInUseError ? err.message : err);
  process.exitCode = 1;
}
