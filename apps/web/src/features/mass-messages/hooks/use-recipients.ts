import { notifications } from '@mantine/notifications';
import type { CustomerRef } from '@paylane/shared/contracts/customers';
import { fillMessage, messages } from '@paylane/shared/messages';
import { useQuery } from '@tanstack/react-query';
import { getCustomerGroup } from '../../customer-groups/api/get-customer-group';
import { retrieveOptouts } from '../../customer-groups/api/retrieve-optouts';
import { keyColumnValues, type CsvTable } from '../../../lib/csv-file';

/** Where a mass text's recipients come from (docs/product.md §2 compose). */
export type RecipientSource =
  | { kind: 'selected'; customerIds: readonly string[] }
  | { kind: 'group'; groupId: string }
  | { kind: 'csv'; table: CsvTable; column: string };

export type Recipients = {
  /** Our ids of the customers who may be texted. */
  customerIds: string[];
  optedOut: number;
  unknown: number;
  /** The first recipient with a number for texts: the review shows the message as they will get it. */
  sample: CustomerRef | null;
};

const sourceKey = (source: RecipientSource) => {
  if (source.kind === 'group') return ['group', source.groupId];
  if (source.kind === 'csv') return ['csv', source.table.id, source.column];
  return ['selected', ...source.customerIds];
};

async function resolveRecipients(merchantId: string, source: RecipientSource): Promise<Recipients> {
  const ids =
    source.kind === 'group'
      ? (await getCustomerGroup(merchantId, source.groupId)).customer_m2m
      : source.kind === 'csv'
        ? keyColumnValues(source.table, source.column)
        : [...source.customerIds];
  if (ids.length === 0) return { customerIds: [], optedOut: 0, unknown: 0, sample: null };
  // A CSV holds Customer IDs (external ids); a group or a selection holds ours.
  const answer = await retrieveOptouts(merchantId, ids, source.kind === 'csv');
  if (answer.unknown_customers.length > 0) {
    notifications.show({
      color: 'orange',
      message: fillMessage(messages.unknownCustomers, { n: answer.unknown_customers.length }),
    });
  }
  return {
    customerIds: answer.customers.map((customer) => customer.id),
    optedOut: answer.optout_customers.length,
    unknown: answer.unknown_customers.length,
    sample: answer.customers.find((customer) => customer.sms_phone_number) ?? answer.customers[0] ?? null,
  };
}

/**
 * docs/product.md §5: opted-out customers are filtered out of the selection before sending, and ids nobody has are
 * reported ('Unable to find {n} customer(s)'). Asked once per source (a group, a CSV's key column, a
 * selection); the server checks opt-outs again when it sends.
 */
export function useRecipients(merchantId: string, source: RecipientSource | null) {
  return useQuery({
    queryKey: ['merchants', merchantId, 'mass-text-recipients', ...(source ? sourceKey(source) : [])],
    queryFn: () => (source ? resolveRecipients(merchantId, source) : Promise.reject(new Error('No source'))),
    enabled: source !== null,
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });
}
