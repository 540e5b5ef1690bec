import fs from 'node:fs/promises';
import path from 'node:path';
import type { TConfig } from '../config';

export type TStorage = {
  /** Stores bytes under a key ('profile/abc.png') and returns the public URL the networks and browsers fetch. */
  put(key: string, bytes: Buffer, contentType: string): Promise<string>;
};

/** Local disk under DATA_DIR/uploads, served at /uploads/. */
export function createLocalStorage(config: TConfig): TStorage {
  return {
    async put(key, bytes) {
      const file = path.join(config.storage.localDir, key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      await fs.writeFile(file, bytes);
      return `${config.publicUrl}/uploads/${key}`;
    },
  };
}
