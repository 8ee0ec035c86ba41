import type { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { validationMessages } from '@paylane/shared/validation';
import { fieldError } from '../kit/errors';
import { FileTooLargeError } from '../providers/storage/storage-provider';

/**
 * The one file of a multipart request, sent as `field`, to be read as it streams in. @fastify/multipart stops
 * reading at config.uploadLimitBytes and marks the file truncated: the reading then throws FileTooLargeError, so
 * an oversized file costs at most the limit.
 */
export async function multipartFile(
  request: FastifyRequest,
  field: string,
): Promise<AsyncGenerator<Uint8Array>> {
  const part = request.isMultipart() ? await request.file() : undefined;
  if (!part || part.fieldname !== field) throw fieldError(field, validationMessages.required);
  return fileChunks(part.file);
}

// Whatever the reader leaves (a refused file) is read and dropped, so the client gets the answer rather than a
// reset connection.
async function* fileChunks(file: Readable & { truncated?: boolean }): AsyncGenerator<Uint8Array> {
  try {
    for await (const chunk of file.iterator({ destroyOnReturn: false }) as AsyncIterable<Buffer>) {
      if (file.truncated) throw new FileTooLargeError();
      yield chunk;
    }
    if (file.truncated) throw new FileTooLargeError();
  } finally {
    file.resume();
  }
}
