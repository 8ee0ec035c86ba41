import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLocalDiskStorage } from './local-disk-storage';
import { FileTooLargeError, type StorageProvider } from './storage-provider';
import { readTypedUpload, saveSniffedUpload } from './typed-uploads';

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 1, 2, 3]);
const options = { area: 'logos', allowed: ['png', 'jpg'] as const, maxBytes: 64 };

/** An upload arriving a few bytes at a time; `tooLarge` ends it the way the multipart reader does. */
function upload(bytes: Buffer, chunkSize: number, ending: 'end' | 'tooLarge' = 'end') {
  const seen = { finished: false };
  async function* chunks() {
    try {
      for (let at = 0; at < bytes.length; at += chunkSize) yield bytes.subarray(at, at + chunkSize);
      if (ending === 'tooLarge') throw new FileTooLargeError();
    } finally {
      seen.finished = true;
    }
  }
  return { chunks: chunks(), seen };
}

describe('uploads stored by the type their bytes show', () => {
  let dataDir: string;
  let storage: StorageProvider;
  const stored = async () => readdir(path.join(dataDir, 'logos')).catch(() => []);

  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'paylane-uploads-'));
    storage = createLocalDiskStorage(dataDir);
  });
  afterEach(() => rm(dataDir, { recursive: true, force: true }));

  it('stores a stream under its sniffed type, even when the signature spans chunks', async () => {
    const { chunks, seen } = upload(PNG, 1);
    const answer = await saveSniffedUpload(storage, chunks, options);
    expect(answer).toEqual({ key: expect.stringMatching(/^logos\/[0-9a-f]{32}\.png$/), type: 'png' });
    const key = 'key' in answer ? answer.key : '';
    expect(await storage.read(key)).toEqual(PNG);
    expect(seen.finished).toBe(true);
    const name = key.slice('logos/'.length);
    expect(await readTypedUpload(storage, 'logos', name, ['png'])).toEqual({
      bytes: PNG,
      contentType: 'image/png',
    });
    expect(await readTypedUpload(storage, 'logos', name, ['jpg'])).toBeNull();
    // Another name: the first hex digit changed (to one it is not, or the name would be the same 1 time in 16).
    const otherName = `${name.startsWith('f') ? '0' : 'f'}${name.slice(1)}`;
    expect(await readTypedUpload(storage, 'logos', otherName, ['png'])).toBeNull();
  });

  it('refuses another type, storing nothing and letting the upload go', async () => {
    const { chunks, seen } = upload(Buffer.from('GIF89a and more'), 4);
    expect(await saveSniffedUpload(storage, chunks, options)).toEqual({ refused: 'type' });
    expect(seen.finished).toBe(true);
    expect(await saveSniffedUpload(storage, Buffer.from('short'), options)).toEqual({ refused: 'type' });
    expect(await stored()).toEqual([]);
  });

  it('refuses an oversized file for its size whatever its type, storing nothing', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(64)]);
    expect(await saveSniffedUpload(storage, upload(big, 16).chunks, options)).toEqual({ refused: 'size' });
    const text = Buffer.from('x'.repeat(100));
    expect(await saveSniffedUpload(storage, upload(text, 16).chunks, options)).toEqual({ refused: 'size' });
    // The multipart reader stops at the request limit and says so.
    const cut = upload(PNG, 4, 'tooLarge');
    expect(await saveSniffedUpload(storage, cut.chunks, options)).toEqual({ refused: 'size' });
    expect(cut.seen.finished).toBe(true);
    expect(await stored()).toEqual([]);
  });
});
