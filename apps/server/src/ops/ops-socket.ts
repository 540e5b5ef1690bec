import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { TDatabase } from '../db/client';

/**
 * The embedded database belongs to the process that runs it, so a backup taken while the server runs asks that
 * server for it: the server listens on a Unix socket in its data folder (`DATA_DIR/ops.sock`, readable and writable
 * by its own user only: no port, nothing reachable from the network), and answers `GET /database-dump` with its
 * engine's own dump (taken between two queries, as a crash would leave it, which the engine recovers from).
 */
export const opsSocketPath = (dataDir: string) => path.join(dataDir, 'ops.sock');

export async function serveOpsSocket(database: TDatabase, dataDir: string): Promise<{ close(): Promise<void> }> {
  const file = opsSocketPath(dataDir);
  // one left by a server that was killed: nobody listens on it (the data folder's lock says this process owns it)
  fs.rmSync(file, { force: true });
  const server = http.createServer((req, res) => {
    if (req.method !== 'GET' || req.url !== '/database-dump' || !database.pglite) {
      res.writeHead(404).end();
      return;
    }
    const pglite = database.pglite;
    void (async () => {
      try {
        const [dump, applied] = await Promise.all([pglite.dumpDataDir('gzip'), database.appliedMigrations()]);
        const bytes = Buffer.from(await dump.arrayBuffer());
        res.writeHead(200, { 'content-type': 'application/gzip', 'content-length': bytes.length, 'x-migrations': applied });
        res.end(bytes);
      } catch (err) {
        res.writeHead(500, { 'content-type': 'text/plain' }).end(err instanceof Error ? err.message : String(err));
      }
    })();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(file, () => resolve());
  });
  fs.chmodSync(file, 0o600);
  return {
    close: () =>
      new Promise<void>((resolve) =>
        server.close(() => {
          fs.rmSync(file, { force: true });
          resolve();
        }),
      ),
  };
}

/** Asks the server running the embedded database in `dataDir` for its dump, written to `to`; its migrations count. */
export function dumpFromRunningServer(dataDir: string, to: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request({ socketPath: opsSocketPath(dataDir), path: '/database-dump', method: 'GET' }, (res) => {
      if (res.statusCode !== 200) {
        let said = '';
        res.on('data', (d) => {
          said += String(d);
        });
        res.on('end', () => reject(new Error(`The running server could not dump its database: ${said || res.statusCode}`)));
        return;
      }
      const out = fs.createWriteStream(to, { mode: 0o600 });
      res.pipe(out);
      out.on('finish', () => resolve(Number(res.headers['x-migrations'] ?? 0)));
      out.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}
