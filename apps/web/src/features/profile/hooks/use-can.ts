import type { Capability } from '@paylane/shared/permissions';
import { useMerchant } from '../../merchants/api/get-merchant';
import { useCurrentMerchantId } from '../../merchants/hooks/use-current-merchant';
import { canInMerchant } from '../access';
import { useSignedInUser } from './use-signed-in-user';

/**
 * Whether the signed-in user may use a capability (docs/product.md §6) in a merchant: the given one (a page's
 * :merchantID) or the current one. Buttons and links hide on false; the server refuses the same calls.
 */
export function useCan(capability: Capability, merchantId?: string): boolean {
  const { profile, isSuperAdmin } = useSignedInUser();
  const currentId = useCurrentMerchantId();
  const id = merchantId ?? currentId;
  const { data: merchant } = useMerchant(id);
  if (!profile) return false;
  return canInMerchant({ profile, isSuperAdmin, merchantId: id, merchant: merchant ?? null }, capability);
}
