/** Bytes to store: a whole buffer, or chunks as they arrive (an upload still streaming in). */
export type StorageBody = Uint8Array | AsyncIterable<Uint8Array>;

/** A file over its size limit: save stops reading and keeps nothing. Upload readers throw it too. */
export class FileTooLargeError extends Error {
  constructor() {
    super('file too large');
    this.name = 'FileTooLargeError';
  }
}

/**
 * The file store port (docs/conventions.md §6). Uploads live on the local disk under DATA_DIR; a cloud store can take the
 * same three calls later. A key is '<area>/<random name>.<extension>', made by save and nothing else, so what a
 * client sends never becomes part of a path (docs/conventions.md §8).
 */
export type StorageProvider = {
  name: string;
  /** Stores the bytes under a new random name in `area` and answers the key; past maxBytes: FileTooLargeError. */
  save(area: string, body: StorageBody, options: { extension: string; maxBytes: number }): Promise<string>;
  /** A stored file's bytes, or null for a key never issued or a file since deleted. */
  read(key: string): Promise<Buffer | null>;
  /** Removes the file; a key with no file is not an error. */
  delete(key: string): Promise<void>;
};

/** The chunks of a body of either kind, counted: past maxBytes it throws FileTooLargeError mid-stream. */
export async function* limitedChunks(body: StorageBody, maxBytes: number): AsyncGenerator<Uint8Array> {
  let size = 0;
  for await (const chunk of body instanceof Uint8Array ? [body] : body) {
    size += chunk.byteLength;
    if (size > maxBytes) throw new FileTooLargeError();
    yield chunk;
  }
}
