import { ATTACHMENT_MAX_BYTES, attachmentContentTypes } from '@paylane/shared/contracts/chat';
import { messages } from '@paylane/shared/messages';

export type AttachmentContentType = (typeof attachmentContentTypes)[number];

/** What the file picker offers (docs/product.md §5: images and PDF). */
export const attachmentAccept = attachmentContentTypes.join(',');

/**
 * docs/product.md §5: images and PDF under 1 MB, checked here before anything is uploaded (the server checks again from
 * the file's bytes). Answers the message to show, or null when the file may go.
 */
export function attachmentProblem(file: File): string | null {
  if (file.size > ATTACHMENT_MAX_BYTES) return messages.mediaTooLarge;
  if (!(attachmentContentTypes as readonly string[]).includes(file.type)) return messages.mediaBadType;
  return null;
}
