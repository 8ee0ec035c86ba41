import type {
  AccountStatus,
  Cadence,
  Customer,
  CustomerCreateInput,
  CustomerWriteInput,
} from '@paylane/shared/contracts/customers';
import { formatPhone } from '@paylane/shared/format';
import type { Path } from 'react-hook-form';

// The customer forms hold what a person types (dollars, the phone as shown, dates YYYY-MM-DD) and send it
// so: the server checks the same shared schema (customerCreateSchema / customerWriteSchema) and converts.

export type CustomerFormValues = {
  first_name: string;
  last_name: string;
  external_id: string;
  sms_phone_number: string;
  email: string;
  location: string;
  address_line1: string;
  address_line2: string;
  city: string;
  state: string;
  postal_code: string;
  date_of_birth: string;
  language: 'en-US' | 'es-US';
};

export type AccountFormValues = {
  external_id: string;
  amount_due: string;
  due_date: string;
  /** null for none: the schema takes no empty text here. */
  cadence: Cadence | null;
  status: AccountStatus;
  vehicle_year: string;
  vehicle_make: string;
  vehicle_model: string;
  tags: string[];
};

/** One form type serves create (with the first account) and edit (without it). */
export type CustomerFormInput = CustomerCreateInput;

export const emptyCustomerValues: CustomerFormValues = {
  first_name: '',
  last_name: '',
  external_id: '',
  sms_phone_number: '',
  email: '',
  location: '',
  address_line1: '',
  address_line2: '',
  city: '',
  state: '',
  postal_code: '',
  date_of_birth: '',
  language: 'en-US',
};

export const emptyAccountValues: AccountFormValues = {
  external_id: '',
  amount_due: '',
  due_date: '',
  cadence: null,
  status: 'active',
  vehicle_year: '',
  vehicle_make: '',
  vehicle_model: '',
  tags: [],
};

/** The fields a server error may name; others show above the form. */
export const customerFieldNames = Object.keys(emptyCustomerValues) as Path<CustomerFormInput>[];
export const accountFieldNames = Object.keys(emptyAccountValues).map(
  (name) => `account.${name}` as Path<CustomerFormInput>,
);

/** An answered customer as the edit form's values (the phone in national format, as it is typed). */
export function customerFormValues(customer: Customer): CustomerFormValues {
  return {
    first_name: customer.first_name,
    last_name: customer.last_name,
    external_id: customer.external_id ?? '',
    sms_phone_number: formatPhone(customer.sms_phone_number),
    email: customer.email ?? '',
    location: customer.location?.id ?? '',
    address_line1: customer.address_line1,
    address_line2: customer.address_line2,
    city: customer.city,
    state: customer.state,
    postal_code: customer.postal_code,
    date_of_birth: customer.date_of_birth ?? '',
    language: customer.language,
  };
}

/** The customer part of the form as the PUT bp_information body (no account there). */
export function toCustomerWrite(values: CustomerFormInput): CustomerWriteInput {
  const { account: _account, ...customer } = values;
  return customer;
}
