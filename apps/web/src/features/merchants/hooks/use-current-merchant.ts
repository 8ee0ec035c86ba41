import { useSyncExternalStore } from 'react';
import { useMerchant } from '../api/get-merchant';
import { findCurrentMerchantId, subscribeCurrentMerchant } from '../current-merchant';

export const useCurrentMerchantId = () =>
  useSyncExternalStore(subscribeCurrentMerchant, findCurrentMerchantId);

/** The current merchant's id and, once loaded, its record. */
export function useCurrentMerchant() {
  const merchantId = useCurrentMerchantId();
  const { data: merchant } = useMerchant(merchantId);
  return { merchantId, merchant: merchant ?? null };
}
