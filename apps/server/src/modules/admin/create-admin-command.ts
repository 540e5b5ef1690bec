import { parseArgs } from 'node:util';
import { zInviteAdminBody } from '@virality/domain';
import { loadConfig } from '../../config';
import { createContainer } from '../../container';
import { openDatabase } from '../../db/client';
import { AppError } from '../../errors';

export const ADMIN_CREATE_USAGE = 'Usage: npm run admin:create -- --email you@example.com [--name "Your Name"]';

/** How to make the first admin, as a fresh start prints it. */
export const FIRST_ADMIN_HINT =
  'No admin yet. Make the first one with `npm run admin:create -- --email you@example.com` (on the embedded database, stop the server first): it prints a link to set the password.';

/**
 * `npm run admin:create -- --email …`: opens the configured database (embedded in DATA_DIR, or DATABASE_URL),
 * brings its tables up to date, makes an ADMIN without a password (audited as made on the command line) and prints
 * a one-time link to set the password, good for 7 days. Returns the exit code; what it says goes to `out`/`err`.
 */
export async function adminCreateCommand(
  argv: string[],
  env: NodeJS.ProcessEnv,
  io: { out(line: string): void; err(line: string): void } = { out: console.log, err: console.error },
): Promise<number> {
  let values: { email?: string; name?: string };
  try {
    ({ values } = parseArgs({ args: argv, options: { email: { type: 'string' }, name: { type: 'string' } }, strict: true }));
  } catch (e) {
    io.err(`${(e as Error).message}\n${ADMIN_CREATE_USAGE}`);
    return 2;
  }
  const input = zInviteAdminBody.safeParse({ email: values.email ?? '', name: values.name ?? null });
  if (!input.success) {
    io.err(`${input.error.issues[0].message}\n${ADMIN_CREATE_USAGE}`);
    return 2;
  }
  const config = loadConfig({ LOG_LEVEL: 'warn', ...env });
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await database.migrate();
    const container = await createContainer({ config, database, logger: false });
    try {
      const existing = await container.services.users.findByKey(input.data.email.trim().toLowerCase());
      if (existing?.profileType === 'ADMIN') {
        // an admin who lost the password: a new link replaces it (codes are never sent to an admin's address)
        const renewed = await container.services.admin.adminPasswordLink(input.data.email);
        io.out(
          `Admin ${renewed.email} exists. Open this link to set a new password (once, before ${renewed.expiresAt.toISOString()}):`,
        );
        io.out(renewed.link);
        return 0;
      }
      const made = await container.services.admin.makeAdmin(input.data, null, false);
      io.out(
        `Admin ${made.admin.email} made. Open this link to set the password (once, before ${made.expiresAt.toISOString()}):`,
      );
      io.out(made.link);
      return 0;
    } finally {
      await container.close();
    }
  } catch (e) {
    if (e instanceof AppError) {
      io.err(e.message);
      return 1;
    }
    throw e;
  } finally {
    await database.close();
  }
}
