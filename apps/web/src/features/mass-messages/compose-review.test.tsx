import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { memberProfile, page } from '../../test/customer-list-fixtures';
import type { StubReply, StubRequest } from '../../test/fetch-stub';
import { merchantA } from '../../test/fixtures';
import { ada, alan, composeApi, reminder, samplePayLink } from './compose-test-fixtures';
import { heldSend, openCompose, openCustomers, pickOption, review } from './compose-test-helpers';

const costly = 'Hi {{first_name}}, it’s due – pay here: {{payment_link}} 😀';

describe('compose modal review (before Send)', () => {
  it('shows the message as the first recipient gets it, recipients × segments and the characters that double the cost', async () => {
    const { api, user, location } = openCustomers({
      extra: { [`POST ${composeApi.send}`]: heldSend().handler },
    });
    const dialog = await openCompose(user, ['Ada Lovelace', 'Alan Turing']);
    await within(dialog).findByText('2 customers will receive this message.');
    await user.click(within(dialog).getByRole('textbox', { name: /^Message/ }));
    await user.paste(costly);
    const panel = await review(user, dialog);

    // Rendered by the server for Ada (the first who can receive texts), the link a sample.
    const sample = await within(panel).findByLabelText('Message for Ada Lovelace');
    expect(sample).toHaveTextContent(`Hi Ada, it’s due – pay here: ${samplePayLink} 😀`);
    expect(api.callsTo(`POST ${composeApi.customerRender}`)[0]!.body).toEqual({
      message_template_body: costly,
      customer: ada.id,
    });
    expect(within(panel).getByText(/each customer gets a link of their own/)).toBeInTheDocument();
    // 100 UCS-2 units (the emoji takes two): two segments of at most 67.
    expect(within(panel).getByTestId('review-segments')).toHaveTextContent(
      '2 recipients × 2 segments = 4 texts',
    );
    const culprits = within(panel).getByRole('region', { name: 'Characters that double the cost' });
    expect(
      within(culprits)
        .getAllByText(/./, { selector: 'code' })
        .map((code) => code.textContent),
    ).toEqual(["’ → '", '– → -', '😀']);

    await user.click(within(culprits).getByRole('button', { name: 'Replace with plain characters' }));
    expect(await within(panel).findByLabelText('Message for Ada Lovelace')).toHaveTextContent(
      `Hi Ada, it's due - pay here: ${samplePayLink} 😀`,
    );
    // The emoji has no plain form: still UCS-2, but it is the only culprit left.
    const left = within(panel).getByRole('region', { name: 'Characters that double the cost' });
    expect(within(left).getByText('😀')).toBeInTheDocument();
    expect(within(left).queryByRole('button', { name: 'Replace with plain characters' })).toBeNull();

    // Back: the message as it now reads, ready to edit.
    await user.click(within(dialog).getByRole('button', { name: 'Back' }));
    const message = within(dialog).getByRole('textbox', { name: /^Message/ });
    expect(message).toBeVisible();
    expect(message).toHaveValue("Hi {{first_name}}, it's due - pay here: {{payment_link}} 😀");
    await waitFor(() => expect(message).toHaveFocus());
    expect(within(dialog).queryByTestId('compose-review')).toBeNull();
    expect(location()).toMatch(/\/customers$/);
  });

  it('sends once after the review, the same key on a retry after a failure, then links to the batch report', async () => {
    let attempts = 0;
    const send = (request: StubRequest): StubReply => {
      attempts += 1;
      if (attempts === 1) return { status: 503, body: { detail: 'Oops! Something Went Wrong...' } };
      const { customers } = request.body as { customers: string[] };
      return { body: { batch_id: 'batch-7', queued: customers.length, skipped: 0, unknown_customers: [] } };
    };
    const { api, user, location } = openCustomers({ extra: { [`POST ${composeApi.send}`]: send } });
    const dialog = await openCompose(user, ['Ada Lovelace', 'Alan Turing']);
    await within(dialog).findByText('2 customers will receive this message.');
    await user.type(within(dialog).getByRole('textbox', { name: /^Message/ }), 'Office closed Friday.');
    const panel = await review(user, dialog);

    // Nothing to fill: the text as written, plain GSM-7, no call to render it.
    expect(within(panel).getByLabelText('Message for Ada Lovelace')).toHaveTextContent(
      'Office closed Friday.',
    );
    expect(within(panel).getByTestId('review-segments')).toHaveTextContent(
      '2 recipients × 1 segment = 2 texts',
    );
    expect(within(panel).queryByRole('region', { name: 'Characters that double the cost' })).toBeNull();
    expect(api.callsTo(`POST ${composeApi.customerRender}`)).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(api.callsTo(`POST ${composeApi.send}`)).toHaveLength(1));
    // A failure that is not the form's: still on the review, Send again is the same send.
    const again = await within(dialog).findByRole('button', { name: 'Send' });
    await waitFor(() => expect(again).toBeEnabled());
    await user.click(again);
    const report = await within(dialog).findByRole('link', { name: 'View the batch report' });
    const calls = api.callsTo(`POST ${composeApi.send}`);
    expect(calls).toHaveLength(2);
    expect(calls[1]!.headers.get('Idempotency-Key')).toBe(calls[0]!.headers.get('Idempotency-Key'));
    expect(calls[1]!.body).toMatchObject({ message: 'Office closed Friday.', customers: [ada.id, alan.id] });
    expect(within(dialog).getByRole('button', { name: 'Close' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Send' })).toBeNull();

    expect(report).toHaveAttribute('href', '/message-report/batch-7/details');
    await user.click(report);
    await waitFor(() => expect(location()).toBe('/message-report/batch-7/details'));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New Mass Text Message' })).toBeNull());
  });

  it('names the costly characters of a template but offers no replacement to a user who may not change its words', async () => {
    const curly = {
      ...reminder,
      id: 'tpl-9',
      name: 'Curly',
      message_bodies: [
        { language: 'en-US', body_type: 'TEXT' as const, message_body: 'It’s due, {{first_name}}.' },
      ],
    };
    const { user } = openCustomers({
      profile: memberProfile(['Campaigner', 'staff'], { is_customer_campaign_allowed: true }),
      merchant: { ...merchantA, check_custom_roles: true },
      extra: { [`GET ${composeApi.templates}`]: { body: page([curly]) } },
    });
    const dialog = await openCompose(user, ['Alan Turing']);
    await within(dialog).findByText('1 customer will receive this message.');
    await pickOption(user, dialog, 'Template', 'Curly');
    const panel = await review(user, dialog);
    expect(await within(panel).findByLabelText('Message for Alan Turing')).toHaveTextContent(
      'It’s due, Alan.',
    );
    expect(within(panel).getByTestId('review-segments')).toHaveTextContent(
      '1 recipient × 1 segment = 1 text',
    );
    const culprits = within(panel).getByRole('region', { name: 'Characters that double the cost' });
    expect(within(culprits).getByText("’ → '")).toBeInTheDocument();
    expect(within(culprits).queryByRole('button', { name: 'Replace with plain characters' })).toBeNull();
  });
});
