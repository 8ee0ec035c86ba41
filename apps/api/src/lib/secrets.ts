import { createHash, randomBytes } from 'node:crypto';

/** A URL-safe random secret for links and keys. */
export const generateSecret = (bytes = 32) => randomBytes(bytes).toString('base64url');

/** Secrets sent by link are stored only as this digest, so a database leak reveals no usable link. */
export const hashSecret = (secret: string) => createHash('sha256').update(secret).digest('hex');
