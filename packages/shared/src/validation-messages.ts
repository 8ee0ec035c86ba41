// The messages of docs/product.md §5's validation rules, apart from the rules themselves so that a page can show
// them (and the message catalogue can list them) without loading zod's schemas or the phone library.
export const validationMessages = {
  required: 'Required',
  email: 'Email is not valid',
  date: 'Date is not valid',
  passwordConfirmed: 'Passwords do not match',
  password:
    'Password must be at least 8 characters with a lowercase letter, an uppercase letter, a number and a special character',
  phone: 'Phone number is not valid',
  postalCode: 'Invalid postal code',
  usPostalCode: 'Please enter a valid postal code (e.g., 12345 or 12345-6789)',
  fullName: 'This field must be a full name',
  presentOrFuture: "Must be today's date or later",
  url: 'Must be a valid URL',
  decimal: 'Field must contain only decimal values',
  maxLength: 'please use abreviations',
  ssnDigits: 'SSN must be 9 digits, no dashes',
  dobFuture: 'Date of Birth Can Not Be in The Future',
  ownershipInvalid: 'Ownership Percentage is Invalid',
  timeZone: 'Time zone is not valid',
  time: 'Time is not valid',
  percentage: 'Must be between 0 and 100',
  maxAmountVolume: 'Must be less than or equal to Monthly Volume',
} as const;
