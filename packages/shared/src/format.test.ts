import { describe, expect, it } from 'vitest';
import {
  basisPointsToPercent,
  centsToDollars,
  formatBasisPoints,
  formatCurrency,
  formatDate,
  formatPaymentMethod,
  formatPhone,
} from './format';

describe('display formats of docs/product.md §9', () => {
  it('shows USD with two decimals and negatives in parentheses', () => {
    expect(formatCurrency(0)).toBe('$0.00');
    expect(formatCurrency(5)).toBe('$0.05');
    expect(formatCurrency(123456)).toBe('$1,234.56');
    expect(formatCurrency(-500)).toBe('($5.00)');
  });

  it('turns cents and basis points into the decimals a person types', () => {
    expect(centsToDollars(150)).toBe('1.50');
    expect(centsToDollars(100000)).toBe('1000.00');
    expect(centsToDollars(-7)).toBe('-0.07');
    expect(basisPointsToPercent(295)).toBe('2.95');
  });

  it('shows basis points as value/100 percent', () => {
    expect(formatBasisPoints(295)).toBe('2.95%');
    expect(formatBasisPoints(0)).toBe('0.00%');
    expect(formatBasisPoints(10000)).toBe('100.00%');
  });

  it('shows US and CA phones as (###) ###-####', () => {
    expect(formatPhone('+12145550100')).toBe('(214) 555-0100');
    expect(formatPhone('+14165550123')).toBe('(416) 555-0123');
    expect(formatPhone(null)).toBe('');
    expect(formatPhone('not a phone')).toBe('not a phone');
  });

  it('shows dates as MM/DD/YYYY', () => {
    expect(formatDate('1980-07-04')).toBe('07/04/1980');
    expect(formatDate('')).toBe('');
  });
});

describe('formatPaymentMethod', () => {
  it('shows the nickname and the last 8 characters of the mask (docs/product.md §3)', () => {
    const method = { nickname: 'Work Visa', masked_card_number: null, masked_account_number: null };
    expect(formatPaymentMethod({ ...method, masked_card_number: '************4242' })).toBe(
      'Work Visa ****4242',
    );
    expect(formatPaymentMethod({ ...method, masked_account_number: '******6789' })).toBe(
      'Work Visa ****6789',
    );
    expect(formatPaymentMethod({ ...method, masked_card_number: '4242' })).toBe('Work Visa 4242');
    expect(formatPaymentMethod({ ...method, nickname: '', masked_card_number: '***1111' })).toBe('***1111');
    expect(formatPaymentMethod(method)).toBe('Work Visa');
  });
});
