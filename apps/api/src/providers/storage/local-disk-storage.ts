import { randomBytes } from 'node:crypto';
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { writePrivateFile } from '../../lib/private-files';
import { limitedChunks, type StorageProvider } from './storage-provider';

const AREA = /^[a-z][a-z0-9-]*$/;
const EXTENSION = /^[a-z0-9]{1,8}$/;
const KEY = /^[a-z][a-z0-9-]*\/[0-9a-f]{32}\.[a-z0-9]{1,8}$/;

/**
 * Files under `root` (DATA_DIR/media), one folder per area, readable by this process's user only. Keys that do
 * not have the shape save gives are refused before they reach a path.
 */
export function createLocalDiskStorage(root: string): StorageProvider {
  const pathOf = (key: string) => path.join(root, ...key.split('/'));
  return {
    name: 'local-disk',
    async save(area, body, { extension, maxBytes }) {
      if (!AREA.test(area) || !EXTENSION.test(extension))
        throw new Error(`not a storage area and extension: ${area}, ${extension}`);
      const key = `${area}/${randomBytes(16).toString('hex')}.${extension}`;
      await writePrivateFile(pathOf(key), limitedChunks(body, maxBytes));
      return key;
    },
    async read(key) {
      if (!KEY.test(key)) return null;
      try {
        return await readFile(pathOf(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async delete(key) {
      if (KEY.test(key)) await rm(pathOf(key), { force: true });
    },
  };
}
