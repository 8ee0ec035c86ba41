import { z } from 'zod';
import { requiredString, validationMessages } from '../validation';
import { pageOf } from './paging';

// Settings → Integrations, PassTime and Ituran (docs/product.md §2, §6). Credentials are write-mostly: answers carry the
// non-secret fields and whether a password is stored, never the password itself.

/** The integrations a merchant can switch on; the vendor adapters arrive with their own issues. */
export const integrationTypes = ['passtime', 'ituran', 'freshbooks', 'dms', 'ai_calling'] as const;
export type IntegrationType = (typeof integrationTypes)[number];

export const integrationNames: Record<IntegrationType, string> = {
  passtime: 'PassTime',
  ituran: 'Ituran',
  freshbooks: 'FreshBooks',
  dms: 'DMS',
  ai_calling: 'AI Calling',
};

export const isIntegrationType = (value: string): value is IntegrationType =>
  (integrationTypes as readonly string[]).includes(value);

// GET /api/merchants/{id}/integrations/ (one page: every known integration) and .../{type}/enable|disable/
export const integrationSchema = z.object({
  integration_type: z.enum(integrationTypes),
  name: z.string(),
  is_enabled: z.boolean(),
  has_credentials: z.boolean(),
});
export type Integration = z.infer<typeof integrationSchema>;
export const integrationPageSchema = pageOf(integrationSchema);

/** The vendors with a credentials form, and the non-secret fields each keeps beside the password. */
export const credentialFields = {
  passtime: ['dealer_id', 'username'],
  ituran: ['username', 'account_code'],
} as const;
export type CredentialVendor = keyof typeof credentialFields;
export type CredentialField<V extends CredentialVendor> = (typeof credentialFields)[V][number];

/** A vendor's login as answered: its non-secret fields, whether a password is stored, whether it is on. */
export type Credentials<V extends CredentialVendor> = Record<CredentialField<V>, string> & {
  has_password: boolean;
  is_enabled: boolean;
};
/** A vendor's login as written: its non-secret fields and the password ('' keeps the stored one). */
export type CredentialsUpdate<V extends CredentialVendor> = Record<CredentialField<V>, string> & {
  password: string;
};

const credentialStatus = { has_password: z.boolean(), is_enabled: z.boolean() };

const textField = (max: number) => requiredString().max(max, { error: validationMessages.maxLength });
/** Not trimmed (spaces may be part of a password); '' or absent keeps the stored one. */
const passwordField = z
  .string()
  .max(200, { error: validationMessages.maxLength })
  .optional()
  .transform((value) => value ?? '');

// GET and PUT /api/merchants/{id}/integrations/passtime/credentials/
export const passtimeCredentialsSchema = z.object({
  dealer_id: z.string(),
  username: z.string(),
  ...credentialStatus,
});
export const passtimeCredentialsUpdateSchema = z.object({
  dealer_id: textField(100),
  username: textField(200),
  password: passwordField,
});

// GET and PUT /api/merchants/{id}/integrations/ituran/credentials/
export const ituranCredentialsSchema = z.object({
  username: z.string(),
  account_code: z.string(),
  ...credentialStatus,
});
export const ituranCredentialsUpdateSchema = z.object({
  username: textField(200),
  account_code: textField(100),
  password: passwordField,
});

/** Each vendor's answer, for code written once for either vendor (the typed map checks both agree). */
export const credentialsSchemas: { [V in CredentialVendor]: z.ZodType<Credentials<V>> } = {
  passtime: passtimeCredentialsSchema,
  ituran: ituranCredentialsSchema,
};

/** What the credentials form edits: the vendor's fields by name, and the password, as typed. */
export type CredentialsFormValues = Record<string, string>;

const credentialsUpdateSchemas = {
  passtime: passtimeCredentialsUpdateSchema,
  ituran: ituranCredentialsUpdateSchema,
} as const;

/** A password while none is saved: a rule of the field itself, so it is reported with the other fields. */
const firstPasswordField = passwordField.refine((password) => password !== '', {
  error: validationMessages.required,
});

/**
 * The credentials form: the vendor's write rules, so the form and the server give the same messages. An
 * empty password keeps the saved one, so the form asks for one only while none is saved (the server then
 * answers the same 'Required'). Not an object-level refinement: zod skips those when an empty required
 * field has aborted, and the form would hide the password's message until the other fields were filled.
 */
export function credentialsFormSchema<V extends CredentialVendor>(
  vendor: V,
  hasPassword: boolean,
): z.ZodType<CredentialsUpdate<V>, CredentialsFormValues> {
  const schema = credentialsUpdateSchemas[vendor];
  return (hasPassword ? schema : schema.extend({ password: firstPasswordField })) as z.ZodType<
    CredentialsUpdate<V>,
    CredentialsFormValues
  >;
}
