import type { Customer } from '@paylane/shared/contracts/customers';
import { useOutletContext } from 'react-router';

/** What the customer page's layout hands its sub-views (they render only once the customer has loaded). */
export type CustomerPageContext = {
  merchantId: string;
  customer: Customer;
  /** The merchant's IANA zone, for times of day (undefined until the merchant has loaded). */
  timeZone: string | undefined;
  /** updateCustomer, and the customer is not voided: a voided customer keeps its records as they were. */
  canUpdateCustomer: boolean;
  /** updateNotes (is_note_update_allowed on custom-role merchants), and the customer is not voided. */
  canUpdateNotes: boolean;
};

export const useCustomerPage = () => useOutletContext<CustomerPageContext>();
