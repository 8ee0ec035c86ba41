import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createStorageProvider } from './create-storage-provider';
import { createLocalDiskStorage } from './local-disk-storage';
import { FileTooLargeError, type StorageProvider } from './storage-provider';

const KEY = /^logos\/[0-9a-f]{32}\.png$/;

/** Chunks of `size` bytes, `count` of them, recording how many the reader pulled and whether it let go. */
function source(count: number, size: number) {
  const seen = { pulled: 0, finished: false };
  async function* chunks() {
    try {
      for (let i = 0; i < count; i++) {
        seen.pulled++;
        yield Buffer.alloc(size, i);
      }
    } finally {
      seen.finished = true;
    }
  }
  return { chunks: chunks(), seen };
}

describe('local disk storage (real files in a temporary DATA_DIR)', () => {
  let dataDir: string;
  let root: string;
  let storage: StorageProvider;

  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'paylane-storage-'));
    root = path.join(dataDir, 'media');
    storage = createLocalDiskStorage(root);
  });
  afterEach(() => rm(dataDir, { recursive: true, force: true }));

  it('stores bytes under a random name in the area, private to this user, and reads them back', async () => {
    const key = await storage.save('logos', Buffer.from('first'), { extension: 'png', maxBytes: 10 });
    const other = await storage.save('logos', Buffer.from('second'), { extension: 'png', maxBytes: 10 });
    expect(key).toMatch(KEY);
    expect(other).not.toBe(key);
    expect((await storage.read(key))?.toString()).toBe('first');
    expect((await stat(path.join(root, key))).mode & 0o777).toBe(0o600);
    expect((await stat(path.join(root, 'logos'))).mode & 0o777).toBe(0o700);
  });

  it('writes a stream as it comes, up to and including maxBytes', async () => {
    const { chunks, seen } = source(4, 256);
    const key = await storage.save('mms', chunks, { extension: 'pdf', maxBytes: 1024 });
    expect((await storage.read(key))?.length).toBe(1024);
    expect(seen).toEqual({ pulled: 4, finished: true });
  });

  it('stops reading past maxBytes and keeps nothing of the file', async () => {
    const { chunks, seen } = source(100, 256);
    const saving = storage.save('mms', chunks, { extension: 'pdf', maxBytes: 1000 });
    await expect(saving).rejects.toBeInstanceOf(FileTooLargeError);
    expect(seen).toEqual({ pulled: 4, finished: true });
    expect(await readdir(path.join(root, 'mms'))).toEqual([]);
    const whole = storage.save('mms', Buffer.alloc(1001), { extension: 'pdf', maxBytes: 1000 });
    await expect(whole).rejects.toBeInstanceOf(FileTooLargeError);
    expect(await readdir(path.join(root, 'mms'))).toEqual([]);
  });

  it('reads null for keys it never issued, and never leaves its folder', async () => {
    const key = await storage.save('logos', Buffer.from('x'), { extension: 'png', maxBytes: 10 });
    const missing = key.replace(/[0-9a-f]{32}/, 'f'.repeat(32));
    for (const bad of [missing, '../secret', 'logos/../../secret.png', '/etc/passwd', 'logos/ABC.png', ''])
      expect(await storage.read(bad), bad).toBeNull();
  });

  it('deletes a file, and deleting what is not there is no error', async () => {
    const key = await storage.save('logos', Buffer.from('x'), { extension: 'png', maxBytes: 10 });
    await storage.delete(key);
    expect(await storage.read(key)).toBeNull();
    await expect(storage.delete(key)).resolves.toBeUndefined();
    await expect(storage.delete('../../outside')).resolves.toBeUndefined();
  });

  it('refuses an area or extension that could name a path', async () => {
    const body = Buffer.from('x');
    await expect(storage.save('../up', body, { extension: 'png', maxBytes: 10 })).rejects.toThrow(/area/);
    await expect(storage.save('logos', body, { extension: 'png/..', maxBytes: 10 })).rejects.toThrow(/area/);
  });

  it('is configured under DATA_DIR/media, where /media/<key> serves from', async () => {
    const key = await createStorageProvider({ dataDir }).save('mms', Buffer.from('x'), {
      extension: 'gif',
      maxBytes: 10,
    });
    expect((await storage.read(key))?.toString()).toBe('x');
  });
});
