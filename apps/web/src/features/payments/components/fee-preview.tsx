import { Box, Group, Stack, Switch, Text } from '@mantine/core';
import {
  convenienceFeeCents,
  feeSettingOfAnswer,
  maxSurchargeBasisPoints,
  noFeeReason,
  savedMethodForFee,
  type CardFeeAnswer,
  type FeeQuestion,
} from '@paylane/shared/card-fees';
import type { PaymentMethodOption } from '@paylane/shared/contracts/payment-methods';
import { dollarsToCentsSchema } from '@paylane/shared/validation';
import { formatBasisPoints, formatCurrency } from '@paylane/shared/format';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { surfaces } from '../../../lib/scheme-colors';

/**
 * The fee question the server asks when it charges a saved method (packages/shared/src/card-fees.ts, the same
 * rule take-payment.service uses): null when the method carries no fee, or the fee setting is not known yet.
 */
export function feeQuestionOf(
  method: PaymentMethodOption | undefined,
  cardFee: CardFeeAnswer | null | undefined,
  amount: string | number | undefined,
): (FeeQuestion & { isAmountKnown: boolean }) | null {
  if (!method || cardFee === undefined) return null;
  const parsed = dollarsToCentsSchema.safeParse(amount ?? '');
  const question: FeeQuestion = {
    amountCents: parsed.success ? parsed.data : 0,
    method: savedMethodForFee({ paymentType: method.payment_type, funding: method.funding }),
    setting: cardFee ? feeSettingOfAnswer(cardFee) : null,
    isRecurring: false,
  };
  return noFeeReason(question) === null ? { ...question, isAmountKnown: parsed.success } : null;
}

type Props = {
  question: FeeQuestion & { isAmountKnown: boolean };
  isWaived: boolean;
  canWaiveFee: boolean;
  waive: UseFormRegisterReturn<'waive_fee'>;
};

/**
 * The convenience fee as its own line and the total, before staff press Take Payment (docs/reference/payments.md
 * §3: disclosed before completion, its own line). Waived when the switch is on, for who may waive it.
 */
export function FeePreview({ question, isWaived, canWaiveFee, waive }: Props) {
  const fee = isWaived ? 0 : convenienceFeeCents(question);
  const lines = [
    { label: 'Convenience Fee', value: isWaived ? 'Waived' : formatCurrency(fee) },
    { label: 'Total', value: formatCurrency(question.amountCents + fee) },
  ];
  return (
    <Stack
      gap={6}
      p="sm"
      bg={surfaces.muted}
      style={{ borderRadius: 'var(--mantine-radius-sm)' }}
      aria-label="Fee and total"
      role="group"
    >
      {question.isAmountKnown ? (
        <Box component="dl" m={0}>
          {lines.map((line) => (
            <Group key={line.label} justify="space-between" gap="xs">
              <Text component="dt" size="sm" fw={600}>
                {line.label}
              </Text>
              <Text component="dd" size="sm" m={0}>
                {line.value}
              </Text>
            </Group>
          ))}
        </Box>
      ) : (
        <Text size="sm" fw={600}>
          Convenience Fee
        </Text>
      )}
      <Text size="xs" c="dimmed">
        {question.setting?.kind === 'percent'
          ? `A credit card pays ${formatBasisPoints(Math.min(question.setting.basisPoints, maxSurchargeBasisPoints))} on top, as its own line. Debit and prepaid cards, bank accounts and cash carry none.`
          : 'A credit card pays a flat fee on top, as its own line. Debit and prepaid cards, bank accounts and cash carry none.'}
      </Text>
      {canWaiveFee ? <Switch label="Waive fee" {...waive} /> : null}
    </Stack>
  );
}
