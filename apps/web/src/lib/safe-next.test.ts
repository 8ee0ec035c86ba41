import { describe, expect, it } from 'vitest';
import { loginPathFor, safeNextPath } from './safe-next';

const origin = 'https://app.paylane.test';

describe('safeNextPath', () => {
  it('keeps same-origin paths with their query and hash', () => {
    expect(safeNextPath('/failed-payments', origin)).toBe('/failed-payments');
    expect(safeNextPath('/merchants/m1/customers/?page=2#top', origin)).toBe(
      '/merchants/m1/customers/?page=2#top',
    );
  });

  it('sends everything else home', () => {
    for (const next of [
      null,
      undefined,
      '',
      'failed-payments',
      'https://evil.test/x',
      '//evil.test/x',
      '/\\evil.test',
      'javascript:alert(1)',
    ]) {
      expect(safeNextPath(next, origin)).toBe('/');
    }
  });

  it('does not loop back to login', () => {
    expect(safeNextPath('/login?next=/x', origin)).toBe('/');
  });
});

describe('loginPathFor', () => {
  it('encodes the path into next', () => {
    expect(loginPathFor('/missed-messages?x=1')).toBe('/login?next=%2Fmissed-messages%3Fx%3D1');
  });
});
