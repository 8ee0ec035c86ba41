import { uploadMediaAnswerSchema } from '@paylane/shared/contracts/chat';
import { apiRequest } from '../../../lib/api-client';
import { accountPath } from './keys';

/** POST .../accounts/{account_id}/upload_mms_media/ (multipart 'file') → {media_path}. */
export async function uploadMmsMedia(merchantId: string, accountId: string, file: File) {
  const body = new FormData();
  body.append('file', file, file.name);
  return apiRequest(`${accountPath(merchantId, accountId)}upload_mms_media/`, {
    method: 'POST',
    body,
    schema: uploadMediaAnswerSchema,
  });
}
