import { ATTACHMENT_MAX_BYTES } from '@paylane/shared/contracts/chat';
import { messages } from '@paylane/shared/messages';
import type { AppContext } from '../../context';
import { fieldError } from '../../kit/errors';
import { contentTypeOf, fileTypeOfName, type FileType } from '../../providers/storage/file-types';
import { readTypedUpload, saveSniffedUpload } from '../../providers/storage/typed-uploads';
import type { StorageBody } from '../../providers/storage/storage-provider';

// MMS attachments (docs/product.md §5: images and PDF under 1 MB): stored in the 'mms' area with random names and served
// publicly at /media/mms/<name>, because the SMS provider fetches them without our credentials.

export const MEDIA_FIELD = 'file';
const MEDIA_AREA = 'mms';
const MEDIA_PATH_PREFIX = `/media/${MEDIA_AREA}/`;
const MEDIA_TYPES: readonly FileType[] = ['jpg', 'png', 'gif', 'pdf'];

/** docs/product.md §7 upload_mms_media: stores the file, judged by its bytes, and answers its public path. */
export async function storeMmsMedia(ctx: AppContext, file: StorageBody): Promise<{ media_path: string }> {
  const stored = await saveSniffedUpload(ctx.storage, file, {
    area: MEDIA_AREA,
    allowed: MEDIA_TYPES,
    // "Under 1 MB": a file of exactly ATTACHMENT_MAX_BYTES is refused.
    maxBytes: ATTACHMENT_MAX_BYTES - 1,
  });
  if ('refused' in stored)
    throw fieldError(MEDIA_FIELD, stored.refused === 'size' ? messages.mediaTooLarge : messages.mediaBadType);
  return { media_path: `/media/${stored.key}` };
}

/** A send's attachment from a media_path this server issued; anything else is refused. */
export function attachmentOfMediaPath(mediaPath: string): { url: string; type: string } {
  const fileName = mediaPath.startsWith(MEDIA_PATH_PREFIX) ? mediaPath.slice(MEDIA_PATH_PREFIX.length) : '';
  const type = fileTypeOfName(fileName, MEDIA_TYPES);
  if (!type) throw fieldError('file_url', messages.notFound);
  return { url: mediaPath, type: contentTypeOf(type) };
}

/** A stored attachment by its file name, or null for a name we never issued or a file that is gone. */
export function findMmsMediaFile(ctx: AppContext, fileName: string) {
  return readTypedUpload(ctx.storage, MEDIA_AREA, fileName, MEDIA_TYPES);
}
