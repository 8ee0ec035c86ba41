import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { emailSchema } from './email';

// emailSchema is written with zod/mini and embedded in zod classic schemas across the contracts.
const inClassicObject = z.object({ email: emailSchema, name: z.string() });
const messagesFor = (email: unknown) =>
  inClassicObject.safeParse({ email, name: 'Jane' }).error?.issues.map((issue) => issue.message);

describe('emailSchema', () => {
  it('stores a trimmed, lower-case address', () => {
    expect(emailSchema.parse('  Jane@Acme.TEST ')).toBe('jane@acme.test');
    expect(inClassicObject.parse({ email: 'Jane@Acme.test', name: 'Jane' }).email).toBe('jane@acme.test');
  });

  it('says Required once for an empty or missing address', () => {
    expect(messagesFor('   ')).toEqual(['Required']);
    expect(messagesFor(undefined)).toEqual(['Required']);
  });

  it('refuses an address that is not one, or too long', () => {
    expect(messagesFor('not-an-email')).toEqual(['Email is not valid']);
    expect(messagesFor(`${'a'.repeat(250)}@acme.test`)).toEqual(['please use abreviations']);
  });
});
