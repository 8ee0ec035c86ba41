import path from 'node:path';
import type { Config } from '../../config';
import { createLocalDiskStorage } from './local-disk-storage';
import type { StorageProvider } from './storage-provider';

/** Uploads are kept under DATA_DIR/media, a key's file at media/<key> (served at /media/<key>). */
export function createStorageProvider(config: Pick<Config, 'dataDir'>): StorageProvider {
  return createLocalDiskStorage(path.join(config.dataDir, 'media'));
}
