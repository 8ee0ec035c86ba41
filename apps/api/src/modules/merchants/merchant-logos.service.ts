import { LOGO_FIELD, logoMessages, type Merchant } from '@paylane/shared/contracts/merchants';
import type { AppContext } from '../../context';
import { fieldError, notFound } from '../../kit/errors';
import { recordAudit } from '../audit/audit.service';
import { updateMerchantRow } from './merchants.repository';
import { toMerchant } from './merchants.service';
import type { UserActor } from '../../kit/actor';
import type { FileType } from '../../providers/storage/file-types';
import { readTypedUpload, saveSniffedUpload } from '../../providers/storage/typed-uploads';
import type { StorageBody } from '../../providers/storage/storage-provider';

const LOGO_AREA = 'logos';
// SVG is refused because it can carry script.
const LOGO_TYPES: readonly FileType[] = ['png', 'jpg', 'webp'];

/** Stores the logo under a random name and points the merchant at it; the old file stays for the audit trail. */
export async function updateMerchantLogo(
  ctx: AppContext,
  actor: UserActor,
  input: { before: Merchant; file: StorageBody },
): Promise<Merchant> {
  const stored = await saveSniffedUpload(ctx.storage, input.file, {
    area: LOGO_AREA,
    allowed: LOGO_TYPES,
    maxBytes: ctx.config.uploadLimitBytes,
  });
  if ('refused' in stored)
    throw fieldError(LOGO_FIELD, stored.refused === 'size' ? logoMessages.tooLarge : logoMessages.badType);
  // The key is the logo's path under /media/, as logoPath has always been.
  const row = await updateMerchantRow(ctx.db, {
    id: input.before.id,
    now: ctx.now(),
    data: { logoPath: stored.key },
  });
  if (!row) {
    await ctx.storage.delete(stored.key);
    throw notFound();
  }
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
export function findLogoFile(ctx: AppContext, fileName: string) {
  return readTypedUpload(ctx.storage, LOGO_AREA, fileName, LOGO_TYPES);
}
