import { describe, expect, it } from 'vitest';
import { createCipher } from './encryption';

describe('secrets at rest', () => {
  const cipher = createCipher('a'.repeat(48));

  it('round-trips a value and never stores it in clear', () => {
    const sealed = cipher.encrypt('{"username":"dealer","password":"hunter2"}');
    expect(sealed).not.toContain('hunter2');
    expect(sealed.startsWith('v1.')).toBe(true);
    expect(cipher.decrypt(sealed)).toBe('{"username":"dealer","password":"hunter2"}');
  });

  it('seals the same value differently each time', () => {
    expect(cipher.encrypt('123456789')).not.toBe(cipher.encrypt('123456789'));
  });

  it('refuses a tampered value and a value sealed with another key', () => {
    const sealed = cipher.encrypt('123456789');
    const parts = sealed.split('.');
    const flipped = parts[3]!.startsWith('A') ? `B${parts[3]!.slice(1)}` : `A${parts[3]!.slice(1)}`;
    expect(() => cipher.decrypt([...parts.slice(0, 3), flipped].join('.'))).toThrow();
    expect(() => createCipher('b'.repeat(48)).decrypt(sealed)).toThrow();
  });
});
