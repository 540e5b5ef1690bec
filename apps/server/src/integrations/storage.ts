import fs from 'node:fs/promises';
import path from 'node:path';
import type { TConfig } from '../config';

/** A stored file: its key ('profile/abc.png') and when it was last written. */
export type TStoredFile = { key: string; modifiedAt: Date; size: number };

export type TStorage = {
  /** Stores bytes under a key ('profile/abc.png') and returns the public URL the networks and browsers fetch. */
  put(key: string, bytes: Buffer, contentType: string): Promise<string>;
  /**
   * Stores the file at `file` (a finished upload on local disk) under a key, read as a stream, never whole in
   * memory; returns its public URL like `put`. The file may be moved away: the caller removes it if it is
   * still there.
   */
  putFile(key: string, file: string, contentType: string): Promise<string>;
  /** Every file whose key starts with this folder ('profile/'), in no particular order. */
  list(prefix: string): Promise<TStoredFile[]>;
  /** Deletes a file; a key that is already gone is not an error. */
  remove(key: string): Promise<void>;
};

/** Local disk under DATA_DIR/uploads, served at /uploads/. */
export function createLocalStorage(config: Pick<TConfig, 'storage' | 'publicUrl'>): TStorage {
  const root = path.resolve(config.storage.localDir);
  /** The file of a key, never outside the uploads folder ('../x' and absolute keys are refused). */
  const fileOf = (key: string) => {
    const file = path.resolve(root, key);
    if (!file.startsWith(root + path.sep)) throw new Error('storage key outside the uploads folder');
    return file;
  };
  return {
    async put(key, bytes) {
      const file = fileOf(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      await fs.writeFile(file, bytes);
      return `${config.publicUrl}/uploads/${key}`;
    },

    async putFile(key, file) {
      const target = fileOf(key);
      await fs.mkdir(path.dirname(target), { recursive: true });
      try {
        // an upload is spooled beside the uploads folder: moving it is one rename, no copy
        await fs.rename(file, target);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EXDEV') throw err;
        await fs.copyFile(file, target);
      }
      return `${config.publicUrl}/uploads/${key}`;
    },

    async list(prefix) {
      const folder = prefix.replace(/\/+$/, '');
      const dir = folder ? fileOf(folder) : root;
      const out: TStoredFile[] = [];
      const pending = [dir];
      while (pending.length > 0) {
        const current = pending.pop()!;
        const entries = await fs.readdir(current, { withFileTypes: true }).catch((err: NodeJS.ErrnoException) => {
          if (err.code === 'ENOENT') return [];
          throw err;
        });
        for (const entry of entries) {
          const file = path.join(current, entry.name);
          // symbolic links and other special files are never listed (nor followed)
          if (entry.isDirectory()) pending.push(file);
          else if (entry.isFile()) {
            const stat = await fs.lstat(file).catch(() => null);
            if (!stat) continue;
            const key = path.relative(root, file).split(path.sep).join('/');
            out.push({ key, modifiedAt: stat.mtime, size: stat.size });
          }
        }
      }
      return out;
    },

    async remove(key) {
      await fs.rm(fileOf(key), { force: true });
    },
  };
}
