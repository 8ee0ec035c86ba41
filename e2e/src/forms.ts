// Bad input, seen twice: the message a person reads beside the field, and the answer the API gives a client
// that sends the same values (docs/product.md §5, §8; docs/conventions.md §4 error shape).
import { expect, type APIResponse, type Locator, type Page } from '@playwright/test';

/** The spec's words (docs/product.md §5) the form journeys expect most often. */
export const formMessages = {
  required: 'Required',
  email: 'Email is not valid',
  phone: 'Phone number is not valid',
  usPostalCode: 'Please enter a valid postal code (e.g., 12345 or 12345-6789)',
  decimal: 'Field must contain only decimal values',
  url: 'Must be a valid URL',
} as const;

/** Where the form's fields are: the page, or the dialog that holds the form. */
export type FormScope = Page | Locator;

/** A field by its label text; a required field's label ends with Mantine's asterisk. */
export function fieldByLabel(scope: FormScope, label: string): Locator {
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return scope.getByLabel(new RegExp(`^${escaped}(\\s*\\*)?$`));
}

/** The field's message is the element its aria-describedby points at, so a screen reader reads it too. */
export async function expectFieldError(scope: FormScope, label: string, message: string): Promise<void> {
  const field = fieldByLabel(scope, label);
  await expect(field, `${label} is marked invalid`).toHaveAttribute('aria-invalid', 'true');
  const describedBy = (await field.getAttribute('aria-describedby')) ?? '';
  const errorIds = describedBy.split(' ').filter((id) => id.endsWith('-error'));
  expect(errorIds, `${label} is described by an error`).not.toHaveLength(0);
  const page = 'page' in scope ? scope.page() : scope;
  await expect(page.locator(errorIds.map((id) => `[id="${id}"]`).join(', ')), label).toHaveText(message);
}

export async function expectFieldErrors(scope: FormScope, errors: Record<string, string>): Promise<void> {
  for (const [label, message] of Object.entries(errors)) await expectFieldError(scope, label, message);
}

export async function fillFields(scope: FormScope, values: Record<string, string>): Promise<void> {
  for (const [label, value] of Object.entries(values)) await fieldByLabel(scope, label).fill(value);
}

type Call =
  { method: 'POST' | 'PUT'; path: string; data: unknown } | { method: 'GET'; path: string; data?: never };

/** Sends a call as the user signed in on `page` (the SPA keeps its access token in localStorage). */
export async function callAsSignedInUser(page: Page, call: Call): Promise<APIResponse> {
  const token = await page.evaluate(() => window.localStorage.getItem('paylane.access_token'));
  expect(token, 'a signed-in page holds an access token').toBeTruthy();
  return page.request.fetch(call.path, {
    method: call.method,
    data: call.data,
    headers: { Authorization: `Bearer ${token}` },
  });
}

/** The API refuses with 400 and, for each field, the same words the form showed. */
export async function expectRefused(response: APIResponse, errors: Record<string, string>): Promise<void> {
  const body = (await response.json()) as Record<string, unknown>;
  expect(response.status(), JSON.stringify(body)).toBe(400);
  for (const [field, message] of Object.entries(errors)) {
    expect(body[field], `${field} in ${JSON.stringify(body)}`).toContain(message);
  }
}
