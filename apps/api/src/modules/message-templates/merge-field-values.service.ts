import { cadenceLabels, type Cadence } from '@paylane/shared/contracts/customers';
import { formatCurrency, formatDate, formatPaymentMethod } from '@paylane/shared/format';
import { DEFAULT_LANGUAGE, type BodyType, type MergeValues } from '@paylane/shared/messaging';
import type { MessageBody } from '../../db/schema';

// The values of docs/product.md §9's merge fields for one customer and account, formatted as §9 shows them (dates
// MM/DD/YYYY, USD). Pure: the render route and the automations read the rows their own way and fill bodies
// through here, so a preview and the text that goes out say the same thing.

export type MergeSource = {
  firstName: string;
  lastName: string;
  /** The account's fields; null when the customer has no account. */
  dueDate: string | null;
  amountDueCents: number | null;
  cadence: Cadence | null;
  accountNumber: string | null;
  vehicleYear: number | null;
  vehicleMake: string | null;
  vehicleModel: string | null;
  /** The account's location, else the customer's. */
  locationName: string | null;
  /** The customer's first saved payment method. */
  paymentMethod: {
    nickname: string;
    maskedCardNumber: string | null;
    maskedAccountNumber: string | null;
  } | null;
  /** The staff member writing (never in automations: no person sends those). */
  collectorName?: string | undefined;
  /** {{payment_link}}: a pay link made for this message (pay-links module); empty when none was made. */
  paymentLink?: string | undefined;
};

export function mergeValuesOf(source: MergeSource): MergeValues {
  const method = source.paymentMethod;
  return {
    first_name: source.firstName,
    last_name: source.lastName,
    due_date: formatDate(source.dueDate),
    amount_due: source.amountDueCents === null ? '' : formatCurrency(source.amountDueCents),
    cadence: source.cadence ? cadenceLabels[source.cadence] : '',
    payment_method: method
      ? formatPaymentMethod({
          nickname: method.nickname,
          masked_card_number: method.maskedCardNumber,
          masked_account_number: method.maskedAccountNumber,
        })
      : '',
    payment_link: source.paymentLink ?? '',
    location: source.locationName ?? '',
    account_number: source.accountNumber ?? '',
    vehicle_year: source.vehicleYear === null ? '' : String(source.vehicleYear),
    vehicle_make: source.vehicleMake ?? '',
    vehicle_model: source.vehicleModel ?? '',
    collector_name: source.collectorName ?? '',
  };
}

/**
 * What random_render fills a body with (the template page's preview before a customer is chosen). Fixed,
 * not drawn at random, so the preview does not change at every keystroke.
 */
export const sampleMergeValues: MergeValues = {
  first_name: 'Jordan',
  last_name: 'Rivera',
  due_date: '07/15/2026',
  amount_due: '$1,234.56',
  cadence: 'Monthly',
  payment_method: 'Visa ****4242',
  payment_link: 'https://pay.example.com/p/Ab3dE5gH7k',
  location: 'Main Street Motors',
  account_number: 'ACC-10042',
  vehicle_year: '2019',
  vehicle_make: 'Toyota',
  vehicle_model: 'Camry',
  collector_name: 'Alex Morgan',
};

/**
 * The body of a type to send or preview, in the wanted language if the template has it, else in the
 * default language, else the first of that type; null when the template has no body of that type.
 */
export function pickBody(
  bodies: readonly MessageBody[],
  bodyType: BodyType,
  language: string = DEFAULT_LANGUAGE,
): MessageBody | null {
  const ofType = bodies.filter((body) => body.body_type === bodyType && body.message_body.trim() !== '');
  return (
    ofType.find((body) => body.language === language) ??
    ofType.find((body) => body.language === DEFAULT_LANGUAGE) ??
    ofType[0] ??
    null
  );
}
