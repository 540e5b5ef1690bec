import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';

/**
 * A backup file: one file holding the database and the uploads kept on local disk, written and read as a stream of
 * parts so a large one never sits in memory.
 *
 *   VIRALITY-BACKUP 1\n
 *   {"part":"manifest","bytes":N}\n  N bytes of JSON
 *   {"part":"database","bytes":N}\n  N bytes (the embedded database's own dump, or pg_dump's custom format)
 *   {"part":"upload","path":"media/…","bytes":N}\n  N bytes, once per file under the uploads folder
 *   {"part":"end"}\n
 *
 * It is written under a temporary name and renamed when complete: a backup cut short never looks like one.
 */
export const BACKUP_MAGIC = 'VIRALITY-BACKUP 1\n';

export type TBackupManifest = {
  /** which database it holds */
  database: 'pglite' | 'postgres';
  /** when it was made (the machine's time) */
  createdAt: string;
  /** the migrations applied in it (drizzle's last), so a restore can say what version it is from */
  migrations: number;
  /** whether the uploads are in it (STORAGE=local), or live in a bucket (STORAGE=s3: use the bucket's versioning) */
  uploads: 'included' | 'in-bucket';
  uploadCount: number;
};

type THeader = { part: 'manifest' | 'database' | 'end' } | { part: 'upload'; path: string };

export class BackupFileError extends Error {}

/** Every file under `dir`, as paths relative to it with forward slashes. */
export function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return (fs.readdirSync(dir, { recursive: true }) as string[])
    .filter((rel) => fs.statSync(path.join(dir, rel)).isFile())
    .map((rel) => rel.split(path.sep).join('/'))
    .sort();
}

/** Writes a backup file from its parts; the database part is a file on disk (copied in as a stream). */
export async function writeBackupFile(
  out: string,
  parts: { manifest: TBackupManifest; databaseFile: string; uploadsDir: string | null },
): Promise<void> {
  const temp = `${out}.${process.pid}.partial`;
  const handle = await fs.promises.open(temp, 'w', 0o600);
  try {
    const write = (text: string) => handle.write(text);
    const header = async (h: THeader & { bytes?: number }) => write(`${JSON.stringify(h)}\n`);
    const copy = async (file: string) => {
      for await (const chunk of fs.createReadStream(file)) await handle.write(chunk as Buffer);
    };
    await write(BACKUP_MAGIC);
    const manifest = Buffer.from(JSON.stringify(parts.manifest));
    await header({ part: 'manifest', bytes: manifest.length });
    await handle.write(manifest);
    await header({ part: 'database', bytes: (await fs.promises.stat(parts.databaseFile)).size });
    await copy(parts.databaseFile);
    if (parts.uploadsDir)
      for (const rel of filesUnder(parts.uploadsDir)) {
        const file = path.join(parts.uploadsDir, rel);
        await header({ part: 'upload', path: rel, bytes: (await fs.promises.stat(file)).size });
        await copy(file);
      }
    await header({ part: 'end' });
    await handle.sync();
  } catch (err) {
    await handle.close();
    await fs.promises.rm(temp, { force: true });
    throw err;
  }
  await handle.close();
  await fs.promises.rename(temp, out);
}

/** A part as read: its header and where its bytes are in the file. */
type TPart = { header: THeader; start: number; bytes: number };

/** Reads a backup file's table of parts (headers only) and checks that it is whole. */
export async function readBackupParts(file: string): Promise<{ manifest: TBackupManifest; parts: TPart[] }> {
  const handle = await fs.promises.open(file, 'r');
  try {
    const size = (await handle.stat()).size;
    const magic = Buffer.alloc(BACKUP_MAGIC.length);
    await handle.read(magic, 0, magic.length, 0);
    if (magic.toString() !== BACKUP_MAGIC) throw new BackupFileError(`${file} is not a Virality backup`);
    let at = magic.length;
    const parts: TPart[] = [];
    for (;;) {
      const chunk = Buffer.alloc(Math.min(4096, size - at));
      if (chunk.length === 0) throw new BackupFileError(`${file} is cut short: it has no end`);
      await handle.read(chunk, 0, chunk.length, at);
      const nl = chunk.indexOf(10);
      if (nl < 0) throw new BackupFileError(`${file} is damaged: a part has no header`);
      const header = JSON.parse(chunk.subarray(0, nl).toString()) as THeader & { bytes?: number };
      at += nl + 1;
      if (header.part === 'end') break;
      const bytes = Number(header.bytes);
      if (!Number.isSafeInteger(bytes) || bytes < 0 || at + bytes > size)
        throw new BackupFileError(`${file} is cut short in its ${header.part} part`);
      if (header.part === 'upload' && !safeRelative(header.path))
        throw new BackupFileError(`${file} names an upload outside the uploads folder: ${header.path}`);
      parts.push({ header, start: at, bytes });
      at += bytes;
    }
    const manifestPart = parts.find((p) => p.header.part === 'manifest');
    if (!manifestPart || !parts.some((p) => p.header.part === 'database'))
      throw new BackupFileError(`${file} has no manifest or no database`);
    const buf = Buffer.alloc(manifestPart.bytes);
    await handle.read(buf, 0, buf.length, manifestPart.start);
    return { manifest: JSON.parse(buf.toString()) as TBackupManifest, parts };
  } finally {
    await handle.close();
  }
}

/** A relative path that stays inside its folder (no `..`, not absolute, no empty segment). */
function safeRelative(rel: string): boolean {
  return (
    typeof rel === 'string' &&
    rel.length > 0 &&
    !rel.startsWith('/') &&
    !rel.includes('\\') &&
    rel.split('/').every((seg) => seg !== '' && seg !== '.' && seg !== '..')
  );
}

/** Copies one part's bytes out of the backup file into `to`. */
export async function extractPart(file: string, part: TPart, to: string): Promise<void> {
  await fs.promises.mkdir(path.dirname(to), { recursive: true });
  if (part.bytes === 0) {
    await fs.promises.writeFile(to, '');
    return;
  }
  await pipeline(fs.createReadStream(file, { start: part.start, end: part.start + part.bytes - 1 }), fs.createWriteStream(to));
}
