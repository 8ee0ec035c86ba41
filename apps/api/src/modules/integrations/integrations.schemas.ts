import { z } from 'zod';
import { pageOf } from '@paylane/shared/contracts/paging';
import { requiredString, validationMessages } from '@paylane/shared/validation';

// Settings → Integrations, PassTime and Ituran (spec §2, §6). Credentials are write-mostly: answers carry the
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

const textField = (max: number) => requiredString().max(max, { error: validationMessages.maxLength });
/** Not trimmed (spaces may be part of a password); '' or absent keeps the stored one. */
const passwordField = z
  .string()
  .max(200, { error: validationMessages.maxLength })
  .optional()
  .transform((value) => value ?? '');

const credentialStatus = { has_password: z.boolean(), is_enabled: z.boolean() };

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
