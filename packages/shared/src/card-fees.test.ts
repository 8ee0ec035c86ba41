import { describe, expect, it } from 'vitest';
import {
  cardFeeAnswerOf,
  convenienceFeeCents,
  feeSettingOfAnswer,
  noFeeReason,
  processingAccountFee,
  savedMethodForFee,
  type FeeQuestion,
} from './card-fees';

const credit = { kind: 'card', funding: 'credit' } as const;
const flat = { kind: 'flat', cents: 395 } as const;
const percent = (basisPoints: number) => ({ kind: 'percent', basisPoints }) as const;
const ask = (overrides: Partial<FeeQuestion>): FeeQuestion => ({
  amountCents: 25_000,
  method: credit,
  setting: flat,
  isRecurring: false,
  ...overrides,
});

describe('convenience fees by construction', () => {
  it('puts the flat fee on a credit card, whatever the amount', () => {
    expect(convenienceFeeCents(ask({}))).toBe(395);
    expect(convenienceFeeCents(ask({ amountCents: 100 }))).toBe(395);
  });

  it('never charges a fee on debit, prepaid or unknown funding', () => {
    for (const funding of ['debit', 'prepaid', 'unknown'] as const) {
      const question = ask({ method: { kind: 'card', funding } });
      expect(convenienceFeeCents(question)).toBe(0);
      expect(noFeeReason(question)).toBe('not_credit');
      expect(convenienceFeeCents({ ...question, setting: percent(300) })).toBe(0);
    }
  });

  it('never charges a fee on a bank payment, cash, check or money order, nor on a recurring charge', () => {
    for (const kind of ['bank', 'cash', 'check', 'money_order'] as const)
      expect(noFeeReason(ask({ method: { kind } }))).toBe('not_a_card');
    expect(convenienceFeeCents(ask({ isRecurring: true }))).toBe(0);
    expect(noFeeReason(ask({ isRecurring: true }))).toBe('recurring');
  });

  it('rounds a percentage half up to the cent and caps it at 3 %', () => {
    expect(convenienceFeeCents(ask({ setting: percent(295) }))).toBe(738); // 737.5
    expect(convenienceFeeCents(ask({ amountCents: 12_345, setting: percent(250) }))).toBe(309); // 308.625
    expect(convenienceFeeCents(ask({ setting: percent(450) }))).toBe(750); // capped at 3 %
  });

  it('no fee when none is set', () => {
    for (const setting of [null, { kind: 'flat', cents: 0 } as const, percent(0)]) {
      expect(convenienceFeeCents(ask({ setting }))).toBe(0);
      expect(noFeeReason(ask({ setting }))).toBe('no_fee_set');
    }
    expect(noFeeReason(ask({}))).toBeNull();
  });
});

describe('the fee setting as the server keeps it and answers it', () => {
  it('takes the card percentage when set, else the flat fee, else none', () => {
    expect(processingAccountFee({ cardFeeBasisPoints: 295, convenienceFeeCents: 150 })).toEqual(percent(295));
    expect(processingAccountFee({ cardFeeBasisPoints: 0, convenienceFeeCents: 150 })).toEqual({
      kind: 'flat',
      cents: 150,
    });
    expect(processingAccountFee({ cardFeeBasisPoints: 0, convenienceFeeCents: 0 })).toBeNull();
  });

  it('answers the setting and reads it back unchanged', () => {
    for (const setting of [percent(295), flat, null]) {
      expect(feeSettingOfAnswer(cardFeeAnswerOf(setting))).toEqual(setting);
    }
    expect(cardFeeAnswerOf(percent(295))).toEqual({ percent_bps: 295, flat_cents: 0 });
  });

  it('reads a saved card by its funding (unknown when not reported) and anything else as a bank account', () => {
    expect(savedMethodForFee({ paymentType: 'CREDIT', funding: 'credit' })).toEqual(credit);
    expect(savedMethodForFee({ paymentType: 'CREDIT', funding: 'prepaid' })).toEqual({
      kind: 'card',
      funding: 'prepaid',
    });
    expect(savedMethodForFee({ paymentType: 'CREDIT', funding: null })).toEqual({
      kind: 'card',
      funding: 'unknown',
    });
    expect(savedMethodForFee({ paymentType: 'CHECKING', funding: null })).toEqual({ kind: 'bank' });
  });
});
