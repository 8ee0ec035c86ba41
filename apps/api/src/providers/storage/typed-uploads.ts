import { contentTypeOf, fileTypeOfName, SNIFF_BYTES, sniffFileType, type FileType } from './file-types';
import { FileTooLargeError, type StorageBody, type StorageProvider } from './storage-provider';

export type SniffedUpload = { key: string; type: FileType } | { refused: 'type' | 'size' };

/**
 * Stores an upload as it streams in, under the type its first bytes show, if that type is allowed. Size is judged
 * before type, so a client always hears about an oversized file's size whatever the file is.
 */
export async function saveSniffedUpload(
  storage: StorageProvider,
  body: StorageBody,
  options: { area: string; allowed: readonly FileType[]; maxBytes: number },
): Promise<SniffedUpload> {
  const chunks = chunksOf(body);
  try {
    const head = await readHead(chunks);
    const type = sniffFileType(Buffer.concat(head), options.allowed);
    const all = replay(head, chunks);
    if (!type) return { refused: (await isLargerThan(all, options.maxBytes)) ? 'size' : 'type' };
    const key = await storage.save(options.area, all, { extension: type, maxBytes: options.maxBytes });
    return { key, type };
  } catch (error) {
    if (error instanceof FileTooLargeError) return { refused: 'size' };
    throw error;
  } finally {
    // Whatever was left unread (a failed write) is let go, so the upload's source can drain the rest.
    await chunks.return(undefined);
  }
}

async function* chunksOf(body: StorageBody) {
  if (body instanceof Uint8Array) yield body;
  else yield* body;
}

// The first chunks, up to SNIFF_BYTES or the end.
async function readHead(chunks: AsyncGenerator<Uint8Array>): Promise<Uint8Array[]> {
  const head: Uint8Array[] = [];
  for (let size = 0; size < SNIFF_BYTES;) {
    const next = await chunks.next();
    if (next.done) break;
    head.push(next.value);
    size += next.value.byteLength;
  }
  return head;
}

async function* replay(head: Uint8Array[], rest: AsyncGenerator<Uint8Array>) {
  yield* head;
  yield* rest;
}

async function isLargerThan(chunks: AsyncIterable<Uint8Array>, maxBytes: number): Promise<boolean> {
  let size = 0;
  for await (const chunk of chunks) size += chunk.byteLength;
  return size > maxBytes;
}

/**
 * A stored upload by its file name in `area`, with its content type: null for a name save never gives, a type
 * not allowed there, or a file that is gone.
 */
export async function readTypedUpload(
  storage: StorageProvider,
  area: string,
  fileName: string,
  allowed: readonly FileType[],
): Promise<{ bytes: Buffer; contentType: string } | null> {
  const type = fileTypeOfName(fileName, allowed);
  const bytes = type && (await storage.read(`${area}/${fileName}`));
  return type && bytes ? { bytes, contentType: contentTypeOf(type) } : null;
}
