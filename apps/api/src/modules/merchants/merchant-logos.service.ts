import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { LOGO_FIELD, logoMessages, type Merchant } from '@paylane/shared/contracts/merchants';
import type { AppContext } from '../../context';
import { fieldError, notFound } from '../../kit/errors';
import { recordAudit } from '../audit/audit.service';
import { updateMerchantRow } from './merchants.repository';
import { toMerchant } from './merchants.service';
import type { UserActor } from '../../kit/actor';
import { writePrivateFile } from '../../lib/private-files';

type LogoType = { extension: 'png' | 'jpg' | 'webp'; contentType: string };

const LOGO_FOLDER = 'logos';
// Random hex names only: nothing a client sends ever becomes part of a path (docs/conventions.md §8).
const LOGO_FILE_NAME = /^[0-9a-f]{32}\.(png|jpg|webp)$/;
const contentTypes: Record<LogoType['extension'], string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
};

const startsWith = (bytes: Buffer, signature: number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((byte, i) => bytes[offset + i] === byte);

/**
 * The image type read from the file's first bytes (PNG, JPEG, WebP). The name and the declared type are
 * the client's word and are ignored; SVG is refused because it can carry script.
 */
export function detectLogoType(bytes: Buffer): LogoType | null {
  const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
    return { extension: 'png', contentType: contentTypes.png };
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return { extension: 'jpg', contentType: contentTypes.jpg };
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8))
    return { extension: 'webp', contentType: contentTypes.webp };
  return null;
}

const logosDir = (ctx: AppContext) => path.join(ctx.config.dataDir, 'media', LOGO_FOLDER);

/** Stores the logo under a random name and points the merchant at it; the old file stays for the audit trail. */
export async function updateMerchantLogo(
  ctx: AppContext,
  actor: UserActor,
  input: { before: Merchant; bytes: Buffer },
): Promise<Merchant> {
  const type = detectLogoType(input.bytes);
  if (!type) throw fieldError(LOGO_FIELD, logoMessages.badType);
  const fileName = `${randomBytes(16).toString('hex')}.${type.extension}`;
  await writePrivateFile(path.join(logosDir(ctx), fileName), input.bytes);
  const row = await updateMerchantRow(ctx.db, {
    id: input.before.id,
    now: ctx.now(),
    data: { logoPath: `${LOGO_FOLDER}/${fileName}` },
  });
  if (!row) throw notFound();
  const after = toMerchant(row);
  await recordAudit(ctx, {
    merchantId: after.id,
    actorUserId: actor.userId,
    ip: actor.ip,
    action: 'merchant.logo_updated',
    entityType: 'merchant',
    entityId: after.id,
    before: { logo: input.before.logo },
    after: { logo: after.logo },
  });
  return after;
}

/** A stored logo by its file name, or null for a name we never issued or a file that is gone. */
export async function findLogoFile(
  ctx: AppContext,
  fileName: string,
): Promise<{ bytes: Buffer; contentType: string } | null> {
  const match = LOGO_FILE_NAME.exec(fileName);
  if (!match) return null;
  const extension = match[1] as LogoType['extension'];
  try {
    return {
      bytes: await readFile(path.join(logosDir(ctx), fileName)),
      contentType: contentTypes[extension],
    };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}
