import { Alert, Button, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { convenienceFeeCents, feeSettingOfAnswer } from '@paylane/shared/card-fees';
import {
  payLinkPaySchema,
  type PayLinkReceipt,
  type PayLinkSession,
} from '@paylane/shared/contracts/pay-links';
import { METHOD_ENTRY_MESSAGE_TYPE, type MethodEntry } from '@paylane/shared/contracts/payment-methods';
import { centsToDollars, formatCurrency } from '@paylane/shared/format';
import { translateMessage } from '@paylane/shared/messages';
import { useEffect, useRef, useState } from 'react';
import { FormAlert } from '../../../components/form-alert';
import { isApiError } from '../../../lib/api-error';
import { usePayPayLink } from '../api/pay-pay-link';
import { useStartPayEntry } from '../api/start-pay-entry';

type Kind = 'card' | 'bank';
type Props = { token: string; session: PayLinkSession; onPaid: (receipt: PayLinkReceipt) => void };

/** The entry id the processor's hosted page said was saved, in a message to this window (same origin). */
function useEnteredEntryId(entry: MethodEntry | null): string | null {
  const [enteredId, setEnteredId] = useState<string | null>(null);
  useEffect(() => {
    if (!entry) return;
    const listen = (event: MessageEvent) => {
      const data = event.data as { type?: unknown; entry_id?: unknown } | null;
      const isOurs =
        event.origin === window.location.origin &&
        data?.type === METHOD_ENTRY_MESSAGE_TYPE &&
        data.entry_id === entry.entry_id;
      if (isOurs) setEnteredId(entry.entry_id);
    };
    window.addEventListener('message', listen);
    return () => window.removeEventListener('message', listen);
  }, [entry]);
  return enteredId;
}

/**
 * Amount (the amount due by default, at least $1.00), card or bank account typed into the processor's hosted
 * page (never into ours), the card fee line, Pay. A decline shows its reason and starts a new entry.
 */
export function PayLinkPaymentForm({ token, session, onPaid }: Props) {
  const [amount, setAmount] = useState(centsToDollars(session.account.amount_due_cents));
  const [kind, setKind] = useState<Kind>('card');
  const [entry, setEntry] = useState<MethodEntry | null>(null);
  const [amountError, setAmountError] = useState<string | null>(null);
  const [formMessages, setFormMessages] = useState<string[]>([]);
  // One key per (entry, amount): a double tap or a retried request charges once.
  const keys = useRef(new Map<string, string>());
  const startEntry = useStartPayEntry(token);
  const pay = usePayPayLink(token);
  const enteredId = useEnteredEntryId(entry);
  const isEntered = entry !== null && enteredId === entry.entry_id;

  const parsedAmount = payLinkPaySchema.shape.amount.safeParse(amount);
  const amountCents = parsedAmount.success ? parsedAmount.data : 0;
  const setting = feeSettingOfAnswer(session.card_fee);
  const creditFee = convenienceFeeCents({
    amountCents,
    method: { kind: 'card', funding: 'credit' },
    setting,
    isRecurring: false,
  });

  const chooseKind = (next: string) => {
    setKind(next as Kind);
    setEntry(null);
  };

  const openEntry = async () => {
    setFormMessages([]);
    try {
      setEntry(await startEntry.mutateAsync({ session: session.session, kind }));
    } catch (error) {
      setFormMessages(messagesOf(error));
    }
  };

  const submit = async () => {
    setFormMessages([]);
    setAmountError(parsedAmount.success ? null : (parsedAmount.error.issues[0]?.message ?? null));
    if (!parsedAmount.success || !entry) return;
    const attempt = `${entry.entry_id}|${amount}`;
    const idempotencyKey = keys.current.get(attempt) ?? crypto.randomUUID();
    keys.current.set(attempt, idempotencyKey);
    try {
      const receipt = await pay.mutateAsync({
        session: session.session,
        idempotencyKey,
        amount,
        entry_id: entry.entry_id,
      });
      if (receipt.transaction.status !== 'FAILED' && receipt.transaction.status !== 'RETURNED')
        return onPaid(receipt);
      const reason = receipt.transaction.payment.failure_message ?? 'The payment was declined.';
      setFormMessages([`${reason} Try another card or bank account.`]);
      setEntry(null);
    } catch (error) {
      if (isApiError(error) && error.fieldErrors?.amount)
        setAmountError(error.fieldErrors.amount.map((text) => translateMessage(text)).join(' '));
      setFormMessages(messagesOf(error, ['amount']));
    }
  };

  return (
    <Stack>
      <FormAlert messages={formMessages} />
      <TextInput
        label="Payment amount"
        inputMode="decimal"
        leftSection="$"
        value={amount}
        onChange={(event) => setAmount(event.currentTarget.value)}
        error={amountError}
        description={`Amount due ${formatCurrency(session.account.amount_due_cents)}; at least $1.00.`}
      />
      <Stack gap={4}>
        <Text size="sm" fw={500} id="pay-with-label">
          Pay with
        </Text>
        <SegmentedControl
          aria-labelledby="pay-with-label"
          value={kind}
          onChange={chooseKind}
          data={[
            { value: 'card', label: 'Card' },
            { value: 'bank', label: 'Bank account' },
          ]}
          fullWidth
        />
      </Stack>
      {kind === 'card' && creditFee > 0 ? (
        <Text size="sm" data-testid="card-fee-line">
          Credit cards add a card fee of {formatCurrency(creditFee)}; debit and prepaid cards add none.
        </Text>
      ) : null}
      <EntryArea entry={entry} kind={kind} isEntered={isEntered} />
      {entry ? null : (
        <Button variant="default" onClick={openEntry} loading={startEntry.isPending}>
          {kind === 'card' ? 'Enter card details' : 'Enter bank account'}
        </Button>
      )}
      <Button onClick={submit} disabled={!isEntered} loading={pay.isPending} fullWidth size="md">
        {parsedAmount.success ? `Pay ${formatCurrency(amountCents)}` : 'Pay'}
      </Button>
    </Stack>
  );
}

function EntryArea({
  entry,
  kind,
  isEntered,
}: {
  entry: MethodEntry | null;
  kind: Kind;
  isEntered: boolean;
}) {
  if (!entry) return null;
  if (!entry.url)
    return (
      <Alert color="yellow" variant="light">
        This processor's card entry cannot be shown here yet.
      </Alert>
    );
  return (
    <Stack gap={4}>
      <iframe
        src={entry.url}
        title={kind === 'card' ? 'Card entry' : 'Bank account entry'}
        style={{
          width: '100%',
          height: 440,
          border: '1px solid var(--mantine-color-default-border)',
          borderRadius: 8,
        }}
      />
      {isEntered ? (
        <Text size="sm" fw={600} role="status">
          {kind === 'card' ? 'Card saved.' : 'Bank account saved.'} Check the amount and pay.
        </Text>
      ) : null}
    </Stack>
  );
}

function messagesOf(error: unknown, shownOnFields: string[] = []): string[] {
  if (!isApiError(error) || error.status >= 500) return [];
  const texts = [error.detail, ...(error.nonFieldErrors ?? [])].filter((text): text is string => !!text);
  for (const [field, fieldTexts] of Object.entries(error.fieldErrors ?? {}))
    if (!shownOnFields.includes(field)) texts.push(...fieldTexts);
  return texts.map((text) => translateMessage(text));
}
