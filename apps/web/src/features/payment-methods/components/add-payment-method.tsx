import { Button, Group } from '@mantine/core';
import type { MethodEntry } from '@paylane/shared/contracts/payment-methods';
import { useState } from 'react';
import { FormAlert } from '../../../components/form-alert';
import { applyServerErrors } from '../../../lib/form-errors';
import { useStartMethodEntry, type MethodEntryKind } from '../api/start-method-entry';
import { MethodEntryModal } from './method-entry-modal';

/** 'Add Card' and 'Add Bank Account': each opens a fresh hosted entry at the processor. */
export function AddPaymentMethod({ merchantId, customerId }: { merchantId: string; customerId: string }) {
  const start = useStartMethodEntry(merchantId, customerId);
  const [open, setOpen] = useState<{ kind: MethodEntryKind; entry: MethodEntry } | null>(null);
  const [formMessages, setFormMessages] = useState<string[]>([]);

  const begin = (kind: MethodEntryKind) => {
    setFormMessages([]);
    start.mutate(kind, {
      onSuccess: (entry) => setOpen({ kind, entry }),
      onError: (error) => setFormMessages(applyServerErrors<{ kind: string }>(error, () => {}, [])),
    });
  };

  return (
    <>
      <FormAlert messages={formMessages} />
      <Group justify="flex-end">
        <Button
          variant="light"
          onClick={() => begin('card')}
          loading={start.isPending && start.variables === 'card'}
        >
          Add Card
        </Button>
        <Button
          variant="light"
          onClick={() => begin('bank')}
          loading={start.isPending && start.variables === 'bank'}
        >
          Add Bank Account
        </Button>
      </Group>
      {open ? (
        <MethodEntryModal
          merchantId={merchantId}
          customerId={customerId}
          kind={open.kind}
          entry={open.entry}
          onClose={() => setOpen(null)}
        />
      ) : null}
    </>
  );
}
