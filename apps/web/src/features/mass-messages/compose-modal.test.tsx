import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { memberProfile } from '../../test/customer-list-fixtures';
import type { StubRequest } from '../../test/fetch-stub';
import { merchantA } from '../../test/fixtures';
import { ada, alan, composeApi, emptyGroup, grace, reminder } from './compose-test-fixtures';
import {
  heldSend,
  openCompose,
  openCustomers,
  optionTexts,
  pickOption,
  review,
} from './compose-test-helpers';

describe('compose modal (New Mass Text Message)', () => {
  it('says the customer has opted out when everyone chosen opted out, and cannot send', async () => {
    const { user } = openCustomers();
    const dialog = await openCompose(user, ['Grace Hopper']);
    expect(await within(dialog).findByTestId('recipient-summary')).toHaveTextContent(
      'The customer has opted out of email or text messages',
    );
    await pickOption(user, dialog, 'Template', reminder.name);
    expect(within(dialog).getByRole('button', { name: 'Review' })).toBeDisabled();
  });

  it('sends to the selected customers without the opted-out one: busy, toast, then Close', async () => {
    const send = heldSend();
    const { api, user } = openCustomers({ extra: { [`POST ${composeApi.send}`]: send.handler } });
    const dialog = await openCompose(user, ['Ada Lovelace', 'Grace Hopper']);
    expect(within(dialog).getByRole('radio', { name: 'Selected customers (2)' })).toBeChecked();
    // docs/product.md §5: CSV is disabled when customers are already selected.
    expect(within(dialog).getByRole('radio', { name: 'CSV upload' })).toBeDisabled();
    expect(await within(dialog).findByTestId('recipient-summary')).toHaveTextContent(
      '1 customer will receive this message; 1 customer has opted out and will not receive it.',
    );
    expect(api.callsTo(`POST ${composeApi.optouts}`)[0]!.body).toEqual({
      customers: [ada.id, grace.id],
      find_by_external: false,
    });
    const reviewButton = within(dialog).getByRole('button', { name: 'Review' });
    expect(reviewButton).toBeDisabled();

    // Only active, visible templates are offered; picking one fills the message.
    await user.click(within(dialog).getByRole('combobox', { name: 'Template' }));
    expect(await optionTexts()).toEqual([reminder.name]);
    await user.click(screen.getByRole('option', { name: reminder.name }));
    expect(within(dialog).getByRole('textbox', { name: /^Message/ })).toHaveValue(
      'Hi {{first_name}}, pay here: {{payment_link}}',
    );
    expect(reviewButton).toBeEnabled();
    await review(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(api.callsTo(`POST ${composeApi.send}`)).toHaveLength(1));
    expect(within(dialog).getByRole('button', { name: 'Send' })).toBeDisabled();
    const [call] = api.callsTo(`POST ${composeApi.send}`);
    expect(call!.body).toMatchObject({
      message_template_id: reminder.id,
      message: 'Hi {{first_name}}, pay here: {{payment_link}}',
      customers: [ada.id],
      is_csv_imported: false,
    });
    expect((call!.body as { batch_name: string }).batch_name).toMatch(/^Message to 1 customer · /);
    expect(call!.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);

    send.release();
    expect(await screen.findByText('Message group now processing for 1 customer(s)')).toBeInTheDocument();
    await user.click(await within(dialog).findByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New Mass Text Message' })).toBeNull());
  });

  it('sends to a group (empty groups hidden) only with a batch name, typing freely with a payment link', async () => {
    const { api, user } = openCustomers({
      extra: {
        [`POST ${composeApi.send}`]: () => ({
          body: { batch_id: 'batch-2', queued: 2, skipped: 0, unknown_customers: [] },
        }),
      },
    });
    const dialog = await openCompose(user);
    expect(within(dialog).getByRole('radio', { name: 'Group' })).toBeChecked();
    expect(within(dialog).getByTestId('send-hint')).toHaveTextContent('Choose a group.');
    await user.click(within(dialog).getByRole('combobox', { name: /^Group/ }));
    const options = await optionTexts();
    expect(options).toEqual(['Late payers (2 customers)']);
    expect(options.join()).not.toContain(emptyGroup.name);
    await user.click(screen.getByRole('option', { name: 'Late payers (2 customers)' }));
    expect(await within(dialog).findByTestId('recipient-summary')).toHaveTextContent(
      '2 customers will receive this message.',
    );
    const message = within(dialog).getByRole('textbox', { name: /^Message/ });
    await user.type(message, 'Pay now: ');
    await user.click(within(dialog).getByRole('button', { name: 'Insert Payment Link' }));
    expect(message).toHaveValue('Pay now: {{payment_link}}');
    // docs/product.md §5: group sending needs a batch name.
    expect(within(dialog).getByRole('button', { name: 'Review' })).toBeDisabled();
    await user.type(within(dialog).getByRole('textbox', { name: /^Batch Name/ }), 'November late');
    await review(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(api.callsTo(`POST ${composeApi.send}`)).toHaveLength(1));
    expect(api.callsTo(`POST ${composeApi.send}`)[0]!.body).toEqual({
      message_template_id: null,
      message: 'Pay now: {{payment_link}}',
      customers: [ada.id, alan.id],
      batch_name: 'November late',
      is_csv_imported: false,
    });
    expect(await screen.findByText('Message group now processing for 2 customer(s)')).toBeInTheDocument();
    expect(api.callsTo(`GET ${composeApi.groups}`)[0]!.search.get('page_size')).toBe('1000');
  });

  it('reads a CSV in the browser: a key column first, external ids looked up, unknown ones reported', async () => {
    const { api, user } = openCustomers({
      extra: {
        [`POST ${composeApi.send}`]: () => ({
          body: { batch_id: 'b', queued: 1, skipped: 0, unknown_customers: [] },
        }),
      },
    });
    const dialog = await openCompose(user);
    await user.click(within(dialog).getByRole('radio', { name: 'CSV upload' }));
    const csv = 'Account,Customer ID,Name\nA-1,C-1001,Ada\nA-2,C-1002,Grace\nA-9,C-9999,Nobody\n';
    await user.upload(
      within(dialog).getByLabelText('CSV file'),
      new File([csv], 'late.csv', { type: 'text/csv' }),
    );
    const column = await within(dialog).findByRole('combobox', { name: /^Key column/ });
    expect(within(dialog).getByTestId('send-hint')).toHaveTextContent('Choose the key column of the CSV.');
    await user.type(within(dialog).getByRole('textbox', { name: /^Message/ }), 'Hello');
    await user.type(within(dialog).getByRole('textbox', { name: /^Batch Name/ }), 'CSV run');
    expect(within(dialog).getByRole('button', { name: 'Review' })).toBeDisabled();
    await user.selectOptions(column, 'Customer ID');
    expect(await screen.findByText('Unable to find 1 customer(s)')).toBeInTheDocument();
    expect(api.callsTo(`POST ${composeApi.optouts}`)[0]!.body).toEqual({
      customers: ['C-1001', 'C-1002', 'C-9999'],
      find_by_external: true,
    });
    expect(await within(dialog).findByTestId('recipient-summary')).toHaveTextContent(
      '1 customer will receive this message; 1 customer has opted out and will not receive it; 1 Customer ID was not found.',
    );
    await review(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(api.callsTo(`POST ${composeApi.send}`)).toHaveLength(1));
    expect(api.callsTo(`POST ${composeApi.send}`)[0]!.body).toMatchObject({
      customers: [ada.id],
      batch_name: 'CSV run',
      is_csv_imported: true,
    });
  });

  it('looks a CSV of more than 10,000 ids up in requests of at most 10,000', async () => {
    const { api, user } = openCustomers();
    const dialog = await openCompose(user);
    await user.click(within(dialog).getByRole('radio', { name: 'CSV upload' }));
    const unknown = Array.from({ length: 10_000 }, (_, i) => `C-9${String(i).padStart(6, '0')}`);
    await user.upload(
      within(dialog).getByLabelText('CSV file'),
      new File([`Customer ID\n${[...unknown, 'C-1001'].join('\n')}\n`], 'book.csv', { type: 'text/csv' }),
    );
    await user.selectOptions(
      await within(dialog).findByRole('combobox', { name: /^Key column/ }),
      'Customer ID',
    );
    expect(await screen.findByText('Unable to find 10000 customer(s)')).toBeInTheDocument();
    expect(api.callsTo(`POST ${composeApi.optouts}`).map((call) => call.body)).toEqual([
      { customers: unknown, find_by_external: true },
      { customers: ['C-1001'], find_by_external: true },
    ]);
    expect(await within(dialog).findByTestId('recipient-summary')).toHaveTextContent(
      /^1 customer will receive this message/,
    );
  });

  it('saves the message as a new template first, refusing a name that exists', async () => {
    const { api, user } = openCustomers({
      extra: {
        [`POST ${composeApi.templates}`]: (request: StubRequest) =>
          (request.body as { name: string }).name === 'Taken on server'
            ? { status: 400, body: { name: ['Existing template name'] } }
            : { status: 201, body: { ...reminder, ...(request.body as object), id: 'tpl-new' } },
        [`POST ${composeApi.send}`]: () => ({
          body: { batch_id: 'b', queued: 1, skipped: 0, unknown_customers: [] },
        }),
      },
    });
    const dialog = await openCompose(user, ['Ada Lovelace']);
    await within(dialog).findByTestId('recipient-summary');
    await user.type(within(dialog).getByRole('textbox', { name: /^Message/ }), 'See you soon');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Save as new template' }));
    const name = within(dialog).getByRole('textbox', { name: /^Template Name/ });
    expect(within(dialog).getByRole('button', { name: 'Review' })).toBeDisabled();
    await user.type(name, 'friendly REMINDER');
    await user.tab();
    expect(await within(dialog).findByText('Existing template name')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Review' })).toBeDisabled();

    await user.clear(name);
    await user.type(name, 'Taken on server');
    await review(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    // Refused: back to the fields, where the reason shows.
    expect(await within(dialog).findByRole('button', { name: 'Review' })).toBeEnabled();
    expect(within(dialog).getByText('Existing template name')).toBeVisible();
    expect(api.callsTo(`POST ${composeApi.send}`)).toHaveLength(0);

    await user.clear(name);
    await user.type(name, 'See you');
    await review(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(api.callsTo(`POST ${composeApi.send}`)).toHaveLength(1));
    expect(api.callsTo(`POST ${composeApi.templates}`).at(-1)!.body).toMatchObject({
      name: 'See you',
      type: 'UNSCHEDULED',
      delta_days: null,
      message_bodies: [{ language: 'en-US', body_type: 'TEXT', message_body: 'See you soon' }],
    });
    expect(api.callsTo(`POST ${composeApi.send}`)[0]!.body).toMatchObject({ message_template_id: 'tpl-new' });
  });

  it('without free text the message is the template’s, read only', async () => {
    const { user } = openCustomers({
      profile: memberProfile(['Campaigner', 'staff'], { is_customer_campaign_allowed: true }),
      merchant: { ...merchantA, check_custom_roles: true },
    });
    const dialog = await openCompose(user, ['Ada Lovelace']);
    const message = within(dialog).getByRole('textbox', { name: /^Message/ });
    expect(message).toHaveAttribute('readonly');
    expect(within(dialog).getByRole('button', { name: 'Insert Payment Link' })).toBeDisabled();
    expect(within(dialog).queryByRole('checkbox', { name: 'Save as new template' })).toBeNull();
    await pickOption(user, dialog, 'Template', reminder.name);
    expect(message).toHaveValue(reminder.message_bodies[0]!.message_body);
  });

  it('offers no Group Message and no selection without the merchant’s allow_group_message', async () => {
    openCustomers({ merchant: { ...merchantA, allow_group_message: false } });
    await screen.findByRole('row', { name: /Ada Lovelace/ });
    expect(screen.queryByRole('button', { name: 'Group Message' })).toBeNull();
    expect(screen.queryByRole('checkbox', { name: 'Select Ada Lovelace' })).toBeNull();
  });
});
