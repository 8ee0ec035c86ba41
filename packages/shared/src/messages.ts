// The message catalogue: every text the server may answer with (docs/product.md §5 and §8) and the app's own toasts,
// keyed by a stable id. The server speaks en-US; the client maps a server text back to its key and shows
// it in the user's language. Add a language by adding a dictionary with the same keys.
import { validationMessages } from './validation-messages';

const enUS = {
  ...validationMessages,
  invalidCredentials: 'No active account found with the given credentials',
  tooManyAttempts: 'Too many failed sign-in attempts. Try again later.',
  tooManyRequests: 'Too many requests. Try again later.',
  tokenInvalid: 'Token is invalid or expired',
  invalidToken: 'Invalid Token',
  notAuthenticated: 'Authentication credentials were not provided.',
  permissionDenied: 'You do not have permission to perform this action.',
  notFound: 'Not found.',
  malformedJson: 'Malformed request body: expected valid JSON',
  bodyTooLarge: 'Request body is too large',
  genericError: 'Oops! Something Went Wrong...',
  passwordResetSent: 'If an account exists for that email, we sent a link to reset the password.',
  passwordHasBeenSet: 'Password has already been set',
  passwordResetDone: 'Your password has been reset. You can sign in now.',
  autopayOtherCustomer: 'Autopay is already setup by another customer',
  invalidAutopayMethod: 'Invalid payment method specified for autopay',
  recordMismatch: 'Provided information does not match customer record',
  optedOut: 'The customer has opted out of email or text messages',
  pinsMismatch: 'Pins do not match',
  pinFormat: 'PIN must be 4 to 6 digits',
  noUserMatching: 'No user found with matching credentials',
  emailInUse: 'Email address already in use',
  userHasOrganization: 'User already belongs to an organization',
  customerLocationMismatch: 'Customer does not belong to provided merchant location',
  templateDaysTaken: 'A template already exists for the chosen days',
  cardNumberMax: 'card_number can be at most 16 characters',
  cardNumberMin: 'card_number must be at least 15 characters',
  accountPaid: 'This account has already been paid',
  invoiceRequired: 'Account requires a current invoice',
  externalIdTaken: 'Account with provided external ID already exists',
  negativeFee: 'Convenience Fee Can Not be a Negative Value',
  amountDueRequired: 'Amount Due is Required',
  accountInactive: 'Account is set to Inactive',
  accountNoContact: 'Account status prevents contact',
  autopayDueDate: 'Due date with Autopay must not exceed the 28th',
  paymentMinimum: 'Payment must be larger than $1.00',
  paymentBelowMin: 'Requested payment amount is less than the minimum allowed',
  paymentAboveMax: 'Requested payment amount is greater than the maximum allowed',
  phoneInUse: 'Phone Number is Already in Use',
  invalidCardType: 'Invalid card type',
  manualResolve: 'This action must be manually resolved',
  // Merchants and onboarding (issue 3).
  // Locations, merchant accounts, owners (issue 3).
  // Merchant settings, tags, integrations, API keys (issue 3).
  tagNameTaken: 'A tag with this name already exists',
  paymentMaxBelowMin: 'Must be at least the minimum payment amount',
  // Users, roles, audit log (issue 3).
  customRoleBeyondOwn: 'You can only assign a role whose permissions you have yourself',
  customRoleInvalid: 'Role does not belong to this merchant',
  adminRoleRequired: 'Only an admin can give or take away the admin role',
  adminAccountProtected: 'Only an admin can change an admin account',
  invitePasswordSet: 'Your password has been set. You can sign in now.',
  roleNameTaken: 'A role with this name already exists',
  roleInUse: 'This role is assigned to users. Give them another role first.',
  roleMaxBelowMin: 'Maximum amount must be at least the minimum amount',
  // Customers and accounts (issue 4).
  customerExternalIdTaken: 'Customer with provided external ID already exists',
  customerVoided: 'This customer has been voided',
  coBorrowerIsPrimary: 'The primary borrower cannot also be a co-borrower',
  coBorrowerLinked: 'This customer is already a co-borrower on the account',
  tagUnknown: 'Tag does not belong to this merchant',
  vehicleYear: 'Vehicle year is not valid',
  invalidCursor: 'Invalid cursor',
  noteAccountUnknown: 'Account does not belong to this customer',
  coBorrowerUnknown: 'Customer does not belong to this merchant',
  // Merge tools (issue 4).
  mergeSameCustomer: 'Choose two different customers to merge',
  mergeSameAccount: 'Choose two different accounts to merge',
  accountMerged: 'This account has already been merged',
  // CSV customer import (issue 4).
  importNotCsv: 'The file is not a CSV text file',
  importNoHeader: 'The file has no header row',
  importEmptyHeader: 'Every column needs a name in the header row',
  importDuplicateHeader: 'Two columns of the header row have the same name',
  importNoRows: 'The file has no rows below the header',
  importTooLarge: 'The file is too large',
  importUnknownColumn: 'Not a column of this file',
  importNotValidated: 'Map the columns and check the rows before importing',
  importStarted: 'This import has already started',
  importDuplicateExternalId: 'Customer ID appears more than once in this file',
  importDuplicatePhone: 'Phone number appears more than once in this file',
  importDuplicateAccount: 'Account number appears more than once in this file',
  importExtraCells: 'This row has more cells than the header has columns',
  importCadence: 'Cadence is not valid',
  importStatus: 'Status is not valid',
  // Messaging: templates, groups, mass texts (issue 5).
  templateNameTaken: 'Existing template name',
  templateSaved: 'Template saved!',
  systemTemplateActive: 'Auto generated templates must remain active',
  systemTemplateDelete: 'Auto generated templates cannot be deleted',
  deleteTemplateConfirm: 'Are you sure you want to delete this template?',
  leavePageConfirm: 'Changes you made may not be saved.',
  templateBodyRequired: 'A template needs a text message',
  templateBodyTooLong: 'Messages can be at most 300 characters',
  templateTypeFixed: 'The type of an auto generated template cannot change',
  groupNameTaken: 'A group with this name already exists',
  unknownCustomers: 'Unable to find {n} customer(s)',
  batchProcessing: 'Message group now processing for {n} customer(s)',
  noRecipients: 'Choose at least one customer who can receive texts',
  tooManyIdsPerRequest: 'At most 10,000 customers per request',
  tooManyRecipients: 'A mass text can go to at most 100,000 customers',
  messageNotSent: 'The message was not sent due to an error',
  chooseTemplate: 'Choose a template to chat...',
  freeTextNotAllowed: 'You may only send messages from a template',
  templateInactive: 'This template is not active',
  batchNameRequired: 'Batch name is required',
  noSmsPhone: 'The customer has no phone number for texts',
  invalidSignature: 'Invalid signature',
  mediaTooLarge: 'File must be less than 1mb in size',
  mediaBadType: 'Only images (JPEG, PNG, GIF) and PDF files can be sent',
  translationUnavailable: 'Translation is unavailable',
  // A merchant's own sender (issue 14): Twilio carries a merchant's texts only from its own number or service.
  noTextSender: 'This merchant has no text messaging number yet',
  messagingServiceInvalid: 'Messaging service SID is not valid (MG followed by 32 characters)',
  messagingServiceInUse: 'This messaging service is already in use',
  // Failed actions (issue 18 item 4); the toasts' spelling is the contract (docs/product.md §8).
  actionResolved: 'Marked Action as Resolved',
  actionRetried: 'Succesfully Retried and Resolved Action',
  actionRetryPending: 'The retry is waiting for the processor; its outcome will show here',
} as const;

export type MessageKey = keyof typeof enUS;
export type Locale = 'en-US';
export const messageCatalog: Record<Locale, Record<MessageKey, string>> = { 'en-US': enUS };
export const messages = enUS;

const keyByEnglishText = new Map<string, MessageKey>(
  (Object.entries(enUS) as [MessageKey, string][]).map(([key, text]) => [text, key]),
);

/** Fills a catalogue text's {name} slots: fillMessage(messages.unknownCustomers, { n: 3 }). */
export function fillMessage(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/** Shows a server text in the given language; a text the catalogue does not know is shown as it came. */
export function translateMessage(text: string, locale: Locale = 'en-US'): string {
  const key = keyByEnglishText.get(text);
  return key ? messageCatalog[locale][key] : text;
}
