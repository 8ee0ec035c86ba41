import { autopaySchema } from '@paylane/shared/contracts/autopay';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { accountAutopayKey, accountAutopayPath } from './keys';

export type AccountRef = { customerId: string; accountId: string };
/** A method and due day chosen in the modal: the answer carries the authorization text for them. */
export type AutopayChoice = { paymentMethod: string; dueDay: number } | null;

/** GET …/accounts/{a}/autopay/?payment_method&due_day */
export function getAutopay(merchantId: string, account: AccountRef, choice: AutopayChoice = null) {
  return apiRequest(accountAutopayPath(merchantId, account.customerId, account.accountId), {
    query: choice ? { payment_method: choice.paymentMethod, due_day: choice.dueDay } : undefined,
    schema: autopaySchema,
  });
}

export const useAutopay = (
  merchantId: string,
  account: AccountRef,
  choice: AutopayChoice = null,
  isEnabled = true,
) =>
  useQuery({
    queryKey: [...accountAutopayKey(merchantId, account.customerId, account.accountId), choice],
    queryFn: () => getAutopay(merchantId, account, choice),
    enabled: isEnabled,
    // The section and the modal show a refusal themselves.
    meta: { showsClientErrors: true },
  });
