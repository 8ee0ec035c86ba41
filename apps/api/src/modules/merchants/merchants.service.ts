import type { Merchant, MerchantSummary } from '@paylane/shared/contracts/merchants';
import type { AppContext } from '../../context';
import type { AuthUser } from '../../plugins/access';
import { listMerchantSummaries, type MerchantRow } from './merchants.repository';
import { rowsOfPage, type PageSlice } from '../../kit/paging';

export const logoUrl = (logoPath: string | null) => (logoPath ? `/media/${logoPath}` : null);

export function toMerchant(row: MerchantRow): Merchant {
  return {
    id: row.id,
    name: row.name,
    logo: logoUrl(row.logoPath),
    integration_type: row.integrationType,
    is_integrated: row.isIntegrated,
    check_custom_roles: row.checkCustomRoles,
    allow_group_message: row.allowGroupMessage,
    time_zone: row.timeZone,
    status: row.status,
    sms_from_number: row.smsFromNumber,
    sms_messaging_service_sid: row.smsMessagingServiceSid,
  };
}

/** The merchants the user may switch to: all of them for super admins, else their memberships. */
export async function listSwitchableMerchants(
  ctx: AppContext,
  user: AuthUser,
  query: { search?: string | undefined; page: number; page_size: number },
): Promise<PageSlice<MerchantSummary>> {
  const { rows, total } = await listMerchantSummaries(ctx.db, {
    memberUserId: user.isSuperAdmin ? null : user.id,
    search: query.search || undefined,
    ...rowsOfPage(query),
  });
  return { count: total, results: rows };
}
