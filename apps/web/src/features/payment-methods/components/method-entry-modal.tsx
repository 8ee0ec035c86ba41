import { Alert, Box, Modal, Stack, Text, TextInput } from '@mantine/core';
import {
  METHOD_ENTRY_MESSAGE_TYPE,
  paymentMethodUpdateSchema,
  type MethodEntry,
} from '@paylane/shared/contracts/payment-methods';
import { useEffect, useRef, useState } from 'react';
import { FormAlert } from '../../../components/form-alert';
import { applyServerErrors } from '../../../lib/form-errors';
import { useCreatePaymentMethod } from '../api/create-payment-method';
import type { MethodEntryKind } from '../api/start-method-entry';

type Props = {
  merchantId: string;
  customerId: string;
  kind: MethodEntryKind;
  entry: MethodEntry;
  onClose: () => void;
};

const titles: Record<MethodEntryKind, string> = { card: 'Add Card', bank: 'Add Bank Account' };

/** What the hosted page posts when the payer has finished: only from our own origin, for this entry. */
function finishedEntryId(event: MessageEvent, entryId: string): string | null {
  if (event.origin !== window.location.origin) return null;
  const data: unknown = event.data;
  if (!data || typeof data !== 'object') return null;
  const { type, entry_id: id } = data as { type?: unknown; entry_id?: unknown };
  return type === METHOD_ENTRY_MESSAGE_TYPE && id === entryId ? id : null;
}

/**
 * The processor's hosted entry in a frame (issue 16): the card or account number is typed into the
 * processor's page, never ours. When that page says it is done, the method is saved under the nickname.
 */
export function MethodEntryModal({ merchantId, customerId, kind, entry, onClose }: Props) {
  const create = useCreatePaymentMethod(merchantId, customerId);
  const [nickname, setNickname] = useState('');
  const [nicknameError, setNicknameError] = useState<string | undefined>();
  const [formMessages, setFormMessages] = useState<string[]>([]);
  // The listener outlives renders: it reads the latest nickname and callbacks through refs.
  const latest = useRef({ nickname, create, onClose });
  useEffect(() => {
    latest.current = { nickname, create, onClose };
  });

  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      const entryId = finishedEntryId(event, entry.entry_id);
      if (!entryId) return;
      const { nickname: typed, create: save, onClose: close } = latest.current;
      const checked = paymentMethodUpdateSchema.safeParse({ nickname: typed });
      const name = checked.success ? checked.data.nickname : typed.trim().slice(0, 50);
      setFormMessages([]);
      save.mutate(
        { entry_id: entryId, nickname: name },
        {
          onSuccess: close,
          onError: (error) =>
            setFormMessages(
              applyServerErrors<{ nickname: string }>(
                error,
                (_field, { message }) => setNicknameError(message),
                ['nickname'],
              ),
            ),
        },
      );
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [entry.entry_id]);

  return (
    <Modal
      opened
      onClose={onClose}
      title={titles[kind]}
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Stack>
        <FormAlert messages={formMessages} />
        <TextInput
          label="Nickname"
          description="How staff will know it, e.g. 'Work Visa'. Optional."
          maxLength={50}
          value={nickname}
          onChange={(event) => {
            setNickname(event.currentTarget.value);
            setNicknameError(undefined);
          }}
          error={nicknameError}
        />
        {entry.url ? (
          <Box
            component="iframe"
            src={entry.url}
            title={kind === 'card' ? 'Card entry' : 'Bank account entry'}
            w="100%"
            h={kind === 'card' ? 420 : 460}
            style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 4 }}
          />
        ) : (
          <Alert color="yellow" variant="light">
            Card and bank entry through Stripe Elements is configured by the deployment; this installation
            does not load it.
          </Alert>
        )}
        {create.isPending ? <Text size="sm">Saving…</Text> : null}
      </Stack>
    </Modal>
  );
}
