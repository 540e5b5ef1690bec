// Test fixture (not part of the app): a first start of the embedded database on the folder given, as
// main.ts does it (open, migrate, start the job queue, which makes its own tables), then a clean stop.
// first-start.test.ts kills it part-way.
import pino from 'pino';
import { loadConfig } from '../config';
import { startBoss } from '../jobs/boss';
import { openDatabase } from './client';

const dataDir = process.argv[2];
if (process.argv[3] === 'hold') {
  // hold the database open until killed
  await openDatabase({ dataDir });
  console.log('holding');
  setInterval(() => undefined, 60_000);
} else await firstStartOf(dataDir);

async function firstStartOf(dataDir: string) {
  const started = Date.now();
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
  const database = await openDatabase({ dataDir });
  await database.migrate();
  const boss = await startBoss(config, database, pino({ level: 'silent' }) as never);
  await boss.stop({ graceful: false });
  await database.close();
  console.log(`done ${Date.now() - started}`);
}
