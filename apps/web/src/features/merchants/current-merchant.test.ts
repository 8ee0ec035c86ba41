import { describe, expect, it } from 'vitest';
import { makeProfile, merchantA, merchantB } from '../../test/fixtures';
import { chooseMerchantId } from './current-merchant';

const twoMemberships = makeProfile({
  memberships: [
    {
      merchant: { id: merchantA.id, name: merchantA.name, logo: null },
      roles: ['staff'],
      custom_role: null,
      permissions: {},
    },
    {
      merchant: { id: merchantB.id, name: merchantB.name, logo: null },
      roles: ['admin'],
      custom_role: null,
      permissions: {},
    },
  ],
});

describe('chooseMerchantId', () => {
  it('keeps a stored merchant the user belongs to', () => {
    expect(chooseMerchantId({ stored: merchantB.id, profile: twoMemberships, isSuperAdmin: false })).toBe(
      merchantB.id,
    );
  });

  it('drops a stored merchant the user no longer belongs to', () => {
    expect(chooseMerchantId({ stored: 'elsewhere', profile: twoMemberships, isSuperAdmin: false })).toBe(
      merchantA.id,
    );
  });

  it('lets super admins keep any merchant, and have none', () => {
    const superAdmin = makeProfile({
      roles: ['super_admin'],
      is_super_admin: true,
      memberships: [],
      organization: null,
    });
    expect(chooseMerchantId({ stored: 'any', profile: superAdmin, isSuperAdmin: true })).toBe('any');
    expect(chooseMerchantId({ stored: null, profile: superAdmin, isSuperAdmin: true })).toBeNull();
  });
});
