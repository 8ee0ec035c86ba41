import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { ATTACHMENT_MAX_BYTES } from '@paylane/shared/contracts/chat';
import { messages } from '@paylane/shared/messages';
import type { AppContext } from '../../context';
import { fieldError } from '../../kit/errors';
import { writePrivateFile } from '../../lib/private-files';

// MMS attachments (docs/product.md §5: images and PDF under 1 MB): stored under DATA_DIR/media/mms with random names and
// served publicly at /media/mms/<name>, because the SMS provider fetches them without our credentials.

export const MEDIA_FIELD = 'file';
const MEDIA_FOLDER = 'mms';
const MEDIA_PATH_PREFIX = `/media/${MEDIA_FOLDER}/`;
type MediaExtension = 'jpg' | 'png' | 'gif' | 'pdf';
const contentTypes: Record<MediaExtension, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  pdf: 'application/pdf',
};
// Random hex names only: nothing a client sends ever becomes part of a path (docs/conventions.md §8).
const MEDIA_FILE_NAME = /^[0-9a-f]{32}\.(jpg|png|gif|pdf)$/;

const startsWith = (bytes: Buffer, signature: readonly number[]) =>
  bytes.length >= signature.length && signature.every((byte, i) => bytes[i] === byte);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/** The type read from the file's first bytes; the name and the declared type are the client's word. */
export function detectMediaType(bytes: Buffer): MediaExtension | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpg';
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'gif';
  if (startsWith(bytes, ascii('%PDF-'))) return 'pdf';
  return null;
}

const mediaDir = (ctx: AppContext) => path.join(ctx.config.dataDir, 'media', MEDIA_FOLDER);

/** docs/product.md §7 upload_mms_media: stores the file and answers its public path. */
export async function storeMmsMedia(ctx: AppContext, bytes: Buffer): Promise<{ media_path: string }> {
  if (bytes.length >= ATTACHMENT_MAX_BYTES) throw fieldError(MEDIA_FIELD, messages.mediaTooLarge);
  const extension = detectMediaType(bytes);
  if (!extension) throw fieldError(MEDIA_FIELD, messages.mediaBadType);
  const fileName = `${randomBytes(16).toString('hex')}.${extension}`;
  await writePrivateFile(path.join(mediaDir(ctx), fileName), bytes);
  return { media_path: `${MEDIA_PATH_PREFIX}${fileName}` };
}

/** A send's attachment from a media_path this server issued; anything else is refused. */
export function attachmentOfMediaPath(mediaPath: string): { url: string; type: string } {
  const fileName = mediaPath.startsWith(MEDIA_PATH_PREFIX) ? mediaPath.slice(MEDIA_PATH_PREFIX.length) : '';
  const match = MEDIA_FILE_NAME.exec(fileName);
  if (!match) throw fieldError('file_url', messages.notFound);
  return { url: mediaPath, type: contentTypes[match[1] as MediaExtension] };
}

/** A stored attachment by its file name, or null for a name we never issued or a file that is gone. */
export async function findMmsMediaFile(
  ctx: AppContext,
  fileName: string,
): Promise<{ bytes: Buffer; contentType: string } | null> {
  const match = MEDIA_FILE_NAME.exec(fileName);
  if (!match) return null;
  try {
    return {
      bytes: await readFile(path.join(mediaDir(ctx), fileName)),
      contentType: contentTypes[match[1] as MediaExtension],
    };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}
