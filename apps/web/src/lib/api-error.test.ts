import { describe, expect, it } from 'vitest';
import { toApiError } from './api-error';

describe('toApiError', () => {
  it('reads detail bodies', () => {
    const error = toApiError(401, { detail: 'No active account found with the given credentials' });
    expect(error).toMatchObject({
      status: 401,
      detail: 'No active account found with the given credentials',
    });
    expect(error.fieldErrors).toBeUndefined();
  });

  it('splits field errors from non_field_errors', () => {
    const error = toApiError(400, {
      email: ['Email is not valid'],
      non_field_errors: ['Passwords do not match'],
    });
    expect(error.fieldErrors).toEqual({ email: ['Email is not valid'] });
    expect(error.nonFieldErrors).toEqual(['Passwords do not match']);
  });

  it('survives bodies of any shape', () => {
    expect(toApiError(500, undefined)).toMatchObject({ status: 500, detail: undefined });
    expect(toApiError(502, 'Bad gateway')).toMatchObject({ status: 502 });
  });
});
