import { describe, expect, it } from 'vitest';
import {
  credentialsFormSchema,
  ituranCredentialsUpdateSchema,
  passtimeCredentialsUpdateSchema,
} from './integrations';

describe('vendor credentials: the form and the request agree', () => {
  it('asks for a password only while none is saved, and sends what the server takes', () => {
    const typed = { username: ' dealer ', account_code: 'A-1', password: '' };
    expect(credentialsFormSchema('ituran', false).safeParse(typed).error?.issues).toEqual([
      expect.objectContaining({ path: ['password'], message: 'Required' }),
    ]);
    const body = credentialsFormSchema('ituran', true).parse(typed);
    expect(body).toEqual({ username: 'dealer', account_code: 'A-1', password: '' });
    expect(ituranCredentialsUpdateSchema.parse(body)).toEqual(body);
  });

  it('reports a missing first password together with the empty fields', () => {
    const result = credentialsFormSchema('passtime', false).safeParse({
      dealer_id: '',
      username: '',
      password: '',
    });
    expect(result.error?.issues.map((issue) => [issue.path[0], issue.message])).toEqual([
      ['dealer_id', 'Required'],
      ['username', 'Required'],
      ['password', 'Required'],
    ]);
  });

  it('checks each vendor field with the server’s limits', () => {
    const result = credentialsFormSchema('passtime', true).safeParse({
      dealer_id: 'x'.repeat(101),
      username: '',
      password: '',
    });
    const messages = result.error?.issues.map((issue) => [issue.path[0], issue.message]);
    expect(messages).toEqual([
      ['dealer_id', 'please use abreviations'],
      ['username', 'Required'],
    ]);
    expect(
      passtimeCredentialsUpdateSchema.safeParse({ dealer_id: 'x'.repeat(101), username: '' }).error?.issues,
    ).toHaveLength(2);
  });
});
