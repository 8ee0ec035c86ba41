import { methodEntrySchema, type methodEntryKindSchema } from '@paylane/shared/contracts/payment-methods';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { customerPath } from '../../customers/api/get-customer';

export type MethodEntryKind = z.infer<typeof methodEntryKindSchema>;

/**
 * POST .../customers/{c}/payment_methods/entry/ { kind }: opens the processor's hosted entry, so the card or
 * account number is typed into the processor's page and never reaches Paylane (issue 16).
 */
export function startMethodEntry(merchantId: string, customerId: string, kind: MethodEntryKind) {
  return apiRequest(`${customerPath(merchantId, customerId)}payment_methods/entry/`, {
    method: 'POST',
    body: { kind },
    schema: methodEntrySchema,
  });
}

export const useStartMethodEntry = (merchantId: string, customerId: string) =>
  useMutation({
    mutationFn: (kind: MethodEntryKind) => startMethodEntry(merchantId, customerId, kind),
    meta: { showsClientErrors: true },
  });
