import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  generalSettingsFormSchema,
  merchantSettingsUpdateSchema,
  toGeneralSettingsForm,
  type GeneralSettingsFormInput,
} from './merchant-settings';

const typed: GeneralSettingsFormInput = {
  name: ' Acme Autos ',
  email: 'Billing@Acme.test',
  phone: '(214) 555-0100',
  website: 'https://acme.test',
  time_zone: 'America/Denver',
  quiet_hours_start: '22:00',
  quiet_hours_end: '07:30',
  min_payment_amount: '12.5',
  max_payment_amount: '',
};

/** The first message under each field, as the browser and the server show them. */
function fieldMessages(error: z.ZodError | undefined): Record<string, string> {
  const messages: Record<string, string> = {};
  for (const issue of error?.issues ?? []) messages[String(issue.path[0])] ??= issue.message;
  return messages;
}

describe('general settings: the form and the request agree', () => {
  it('turns what a person types into a body the server takes', () => {
    const body = generalSettingsFormSchema.parse(typed);
    // Text goes as typed (trimmed); the amounts become cents under the server's names.
    const { min_payment_amount: _min, max_payment_amount: _max, ...text } = typed;
    expect(body).toEqual({
      ...text,
      name: 'Acme Autos',
      min_payment_amount_cents: 1250,
      max_payment_amount_cents: null,
    });
    expect(merchantSettingsUpdateSchema.parse(body)).toEqual({
      ...body,
      email: 'billing@acme.test',
      phone: '+12145550100',
    });
  });

  it('shows saved settings as the form shows them', () => {
    const saved = merchantSettingsUpdateSchema.parse(generalSettingsFormSchema.parse(typed));
    expect(toGeneralSettingsForm({ ...saved, max_payment_amount_cents: 250_000 })).toMatchObject({
      phone: '(214) 555-0100',
      min_payment_amount: '12.50',
      max_payment_amount: '2500.00',
    });
  });

  it('gives the same messages, under the form’s and the server’s names for the amounts', () => {
    const bad = {
      name: '',
      email: 'billing@',
      phone: '555-01',
      website: 'acme',
      time_zone: 'Europe/Atlantis',
      quiet_hours_start: '7pm',
    };
    const expected = {
      name: 'Required',
      email: 'Email is not valid',
      phone: 'Phone number is not valid',
      website: 'Must be a valid URL',
      time_zone: 'Time zone is not valid',
      quiet_hours_start: 'Time is not valid',
    };
    const form = generalSettingsFormSchema.safeParse({ ...typed, ...bad, min_payment_amount: '0.99' });
    expect(fieldMessages(form.error)).toEqual({
      ...expected,
      min_payment_amount: 'Payment must be larger than $1.00',
    });
    const server = merchantSettingsUpdateSchema.safeParse({
      ...generalSettingsFormSchema.parse(typed),
      ...bad,
      min_payment_amount_cents: 99,
    });
    expect(fieldMessages(server.error)).toEqual({
      ...expected,
      min_payment_amount_cents: 'Payment must be larger than $1.00',
    });

    const lowMax = generalSettingsFormSchema.safeParse({ ...typed, max_payment_amount: '10' });
    expect(fieldMessages(lowMax.error)).toEqual({
      max_payment_amount: 'Must be at least the minimum payment amount',
    });
    const lowMaxCents = merchantSettingsUpdateSchema.safeParse({
      ...generalSettingsFormSchema.parse(typed),
      max_payment_amount_cents: 1000,
    });
    expect(fieldMessages(lowMaxCents.error)).toEqual({
      max_payment_amount_cents: 'Must be at least the minimum payment amount',
    });
  });
});
