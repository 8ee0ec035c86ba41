import { describe, expect, it } from 'vitest';
import { phonePrefix, planCustomerSearch } from './customer-search.service';

describe('reading a customer search', () => {
  it('turns what a person types into the E.164 prefix the phone index holds', () => {
    expect(phonePrefix('(214) 555')).toBe('+1214555%');
    expect(phonePrefix('214555')).toBe('+1214555%');
    expect(phonePrefix('1214555')).toBe('+1214555%');
    expect(phonePrefix('+1 (214) 555-0100')).toBe('+12145550100%');
    expect(phonePrefix('abc')).toBeNull();
  });

  it('follows the field when one is given', () => {
    expect(planCustomerSearch('Maria  Gar', 'name')).toEqual({ name: '%maria gar%' });
    expect(planCustomerSearch('DM-10', 'external_id')).toEqual({ externalId: 'dm-10%' });
    expect(planCustomerSearch('Maria@', 'email')).toEqual({ email: 'maria@%' });
    expect(planCustomerSearch('214-555', 'phone')).toEqual({ phone: '+1214555%' });
    expect(planCustomerSearch('no digits', 'phone')).toEqual({});
  });

  it('tells the kind by its shape otherwise', () => {
    expect(planCustomerSearch('maria@exa')).toEqual({ email: 'maria@exa%' });
    expect(planCustomerSearch('(214) 555')).toEqual({ phone: '+1214555%', externalId: '(214) 555%' });
    // A leading 1 reads as the country code.
    expect(planCustomerSearch('1001')).toEqual({ phone: '+1001%', externalId: '1001%' });
    // Two digits are too few for a phone number: a name or an external id.
    expect(planCustomerSearch('12')).toEqual({ name: '%12%', externalId: '12%' });
    expect(planCustomerSearch('Garcia')).toEqual({ name: '%garcia%', externalId: 'garcia%' });
    expect(planCustomerSearch('  ')).toBeNull();
    expect(planCustomerSearch(undefined)).toBeNull();
  });

  it('escapes the LIKE wildcards a person types', () => {
    expect(planCustomerSearch('50%_off\\', 'name')).toEqual({ name: '%50\\%\\_off\\\\%' });
    expect(planCustomerSearch('A_1', 'external_id')).toEqual({ externalId: 'a\\_1%' });
  });
});
