import { pageOf } from '@paylane/shared/contracts/paging';
import { requiredString, validationMessages } from '@paylane/shared/validation';
import { z } from 'zod';

// Settings → Integrations, PassTime and Ituran. Credential answers carry has_password, never a password.

export const integrationSchema = z.object({
  integration_type: z.string(),
  name: z.string(),
  is_enabled: z.boolean(),
  has_credentials: z.boolean(),
});
export type Integration = z.infer<typeof integrationSchema>;
export const integrationPageSchema = pageOf(integrationSchema);

export const integrationsKey = (merchantId: string) => ['integrations', merchantId] as const;

const credentialStatus = { has_password: z.boolean(), is_enabled: z.boolean() };

export const passtimeCredentialsSchema = z.object({
  dealer_id: z.string(),
  username: z.string(),
  ...credentialStatus,
});
export type PasstimeCredentials = z.infer<typeof passtimeCredentialsSchema>;
export type PasstimeCredentialsUpdate = { dealer_id: string; username: string; password: string };

export const ituranCredentialsSchema = z.object({
  username: z.string(),
  account_code: z.string(),
  ...credentialStatus,
});
export type IturanCredentials = z.infer<typeof ituranCredentialsSchema>;
export type IturanCredentialsUpdate = { username: string; account_code: string; password: string };

export const credentialsKey = (merchantId: string, vendor: 'passtime' | 'ituran') =>
  ['integration-credentials', merchantId, vendor] as const;

/** One text field of a credentials form. */
export type CredentialField = { name: string; label: string };
export type CredentialValues = Record<string, string>;

/**
 * The form's rules: every listed field is required; the password only while none is saved (an empty one
 * keeps the saved password).
 */
export function credentialsFormSchema(
  fields: readonly CredentialField[],
  hasPassword: boolean,
): z.ZodType<CredentialValues, CredentialValues> {
  const shape = Object.fromEntries(
    fields.map((field) => [field.name, requiredString().max(200, { error: validationMessages.maxLength })]),
  );
  return z
    .object({ ...shape, password: z.string().max(200, { error: validationMessages.maxLength }) })
    .superRefine((values, ctx) => {
      if (!hasPassword && values.password === '') {
        ctx.addIssue({ code: 'custom', path: ['password'], message: validationMessages.required });
      }
    }) as z.ZodType<CredentialValues, CredentialValues>;
}
