import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeListItem, memberProfile, page as customerPage } from '../../../test/customer-list-fixtures';
import { stubFetch, type StubRequest } from '../../../test/fetch-stub';
import { signedInApi, storeSession } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { page, reminder, scheduled, templatesApi, templatesPage, welcome } from './template-test-fixtures';

function openEditor(path: string, extra: Parameters<typeof stubFetch>[0] = {}) {
  storeSession();
  const api = stubFetch({
    ...signedInApi({ profile: memberProfile(['staff']) }),
    [`GET ${templatesApi}`]: { body: page([reminder, welcome, scheduled]) },
    [`GET ${templatesApi}${reminder.id}/`]: { body: reminder },
    [`GET ${templatesApi}${scheduled.id}/`]: { body: scheduled },
    [`GET ${templatesApi}${welcome.id}/`]: { body: welcome },
    [`POST ${templatesApi}random_render/`]: (request: StubRequest) => {
      const { message_template_body: body, type } = request.body as {
        message_template_body: string;
        type: string;
      };
      return { body: { rendered_body: `${type}: ${body.replace('{{first_name}}', 'Sam')}` } };
    },
    ...extra,
  });
  return { api, ...renderApp(path) };
}

const messageBox = () => screen.getByRole('textbox', { name: /^Message/ });
const setMessage = (text: string) => fireEvent.change(messageBox(), { target: { value: text } });

describe('template edit', () => {
  it('counts characters (red above 290) and SMS segments with their encoding', async () => {
    openEditor(`${templatesPage}/create`);
    await screen.findByRole('heading', { name: 'Create Template' });
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    setMessage('a'.repeat(160));
    const counter = screen.getByTestId('character-count');
    expect(counter).toHaveTextContent('160/300');
    expect(counter).toHaveAttribute('data-over-limit', 'false');
    expect(screen.getByTestId('segment-count')).toHaveTextContent('1 SMS segment · GSM-7');
    setMessage('a'.repeat(291));
    expect(counter).toHaveTextContent('291/300');
    expect(counter).toHaveAttribute('data-over-limit', 'true');
    expect(counter).toHaveStyle({ color: 'var(--mantine-color-error)' });
    expect(screen.getByTestId('segment-count')).toHaveTextContent('2 SMS segments · GSM-7');
    setMessage('Thanks 🙂');
    expect(screen.getByTestId('segment-count')).toHaveTextContent('1 SMS segment · UCS-2');
    expect(screen.getByRole('textbox', { name: /^Message/ })).toHaveAttribute('maxlength', '300');
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
    expect(screen.getByRole('note', { name: 'Consent' })).toHaveTextContent(/express permission/);
  });

  it('inserts merge fields at the cursor; {{collector_name}} disables and clears automation', async () => {
    const { user } = openEditor(`${templatesPage}/${scheduled.id}`);
    await screen.findByRole('heading', { name: 'Edit Template: Three days before' });
    const automation = screen.getByRole('combobox', { name: /^Automation/ });
    expect(automation).toHaveValue('before');
    expect(screen.getByRole('textbox', { name: /^Delta days/ })).toHaveValue('3');
    setMessage('Hi , pay today');
    const box = messageBox() as HTMLTextAreaElement;
    box.focus();
    box.setSelectionRange(3, 3);
    await user.click(screen.getByRole('button', { name: 'Last Name' }));
    expect(box).toHaveValue('Hi {{last_name}}, pay today');
    expect(within(screen.getByRole('group', { name: 'Merge Fields' })).getAllByRole('button')).toHaveLength(
      13,
    );

    await user.click(screen.getByRole('button', { name: 'Collector Name' }));
    expect(box.value).toContain('{{collector_name}}');
    expect(automation).toBeDisabled();
    expect(automation).toHaveValue('none');
    expect(screen.getByRole('textbox', { name: /^Delta days/ })).toBeDisabled();
  });

  it('saves with the docs/product.md §4 type and delta days, toasts Template saved!, and returns to the list', async () => {
    const { api, user, location } = openEditor(`${templatesPage}/create`, {
      [`POST ${templatesApi}`]: (request: StubRequest) => ({
        status: 201,
        body: { ...scheduled, ...(request.body as object), id: 'tpl-new' },
      }),
    });
    await screen.findByRole('heading', { name: 'Create Template' });
    await user.type(screen.getByRole('textbox', { name: /^Name/ }), 'Late notice');
    setMessage('Hi {{first_name}}, your payment is late.');
    await user.selectOptions(screen.getByRole('combobox', { name: /^Automation/ }), 'After due date');
    await user.type(screen.getByRole('textbox', { name: /^Delta days/ }), '5');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo(`POST ${templatesApi}`)).toHaveLength(1));
    expect(api.callsTo(`POST ${templatesApi}`)[0]!.body).toEqual({
      name: 'Late notice',
      description: '',
      type: 'SCHEDULED',
      active: true,
      is_visible: true,
      delta_days: -5,
      message_bodies: [
        { language: 'en-US', body_type: 'TEXT', message_body: 'Hi {{first_name}}, your payment is late.' },
      ],
    });
    expect(await screen.findByText('Template saved!')).toBeInTheDocument();
    await waitFor(() => expect(location()).toBe(templatesPage));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows save errors on the fields and keeps the draft, asking before leaving', async () => {
    const { api, user, location } = openEditor(`${templatesPage}/${scheduled.id}`, {
      [`PUT ${templatesApi}${scheduled.id}/`]: {
        status: 400,
        body: {
          name: ['Existing template name'],
          delta_days: ['A template already exists for the chosen days'],
        },
      },
    });
    await screen.findByRole('heading', { name: /Edit Template/ });
    const name = screen.getByRole('textbox', { name: /^Name/ });
    await user.clear(name);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Required')).toBeInTheDocument();
    await user.type(name, 'Friendly reminder');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo(`PUT ${templatesApi}${scheduled.id}/`)).toHaveLength(1));
    expect(await screen.findByText('Existing template name')).toBeInTheDocument();
    expect(screen.getByText('A template already exists for the chosen days')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^Delta days/ })).toHaveAccessibleDescription(
      /A template already exists for the chosen days/,
    );
    expect(name).toHaveValue('Friendly reminder');

    // The tabs keep the draft: moving to Text is not leaving.
    await user.click(screen.getByRole('tab', { name: 'Text' }));
    await waitFor(() => expect(location()).toBe(`${templatesPage}/${scheduled.id}/text`));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(await screen.findByRole('region', { name: /Text message preview/ })).toHaveTextContent(
      'TEXT: Hi Sam, {{amount_due}} is due.',
    );
    await user.click(screen.getByRole('tab', { name: 'Edit' }));

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave Page?' });
    expect(dialog).toHaveTextContent('Changes you made may not be saved.');
    await user.click(within(dialog).getByRole('button', { name: 'Stay' }));
    expect(location()).toBe(`${templatesPage}/${scheduled.id}`);
    expect(screen.getByRole('textbox', { name: /^Name/ })).toHaveValue('Friendly reminder');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Leave Page?' })).getByRole('button', {
        name: 'Leave',
      }),
    );
    await waitFor(() => expect(location()).toBe(templatesPage));
  });

  it('keeps a system template type and offers no automation for it', async () => {
    const { api, user } = openEditor(`${templatesPage}/${welcome.id}`, {
      [`PUT ${templatesApi}${welcome.id}/`]: (request: StubRequest) => ({
        body: { ...welcome, ...(request.body as object) },
      }),
    });
    await screen.findByRole('heading', { name: 'Edit Template: Welcome' });
    expect(screen.getByText('Auto generated')).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: /^Automation/ })).toBeNull();
    setMessage('Welcome aboard {{first_name}}!');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo(`PUT ${templatesApi}${welcome.id}/`)).toHaveLength(1));
    expect(api.callsTo(`PUT ${templatesApi}${welcome.id}/`)[0]!.body).toMatchObject({
      type: 'WELCOME',
      active: true,
      delta_days: null,
    });
  });

  it('previews the saved template for a real customer and account (render/)', async () => {
    const { api, user } = openEditor(`${templatesPage}/${reminder.id}/email`, {
      [`GET /api/merchants/merchant-a/customers/`]: { body: customerPage([makeListItem()]) },
      [`POST ${templatesApi}${reminder.id}/render/`]: { body: { rendered_body: 'Hi Ada, $125.50 is due.' } },
    });
    expect(await screen.findByRole('tab', { name: 'Email', selected: true })).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: /Email preview/ })).toHaveTextContent(
      'EMAIL: Hi Sam, {{amount_due}} is due.',
    );
    expect(
      screen.getByText('This template has no email message: the text message is shown.'),
    ).toBeInTheDocument();
    const picker = screen.getByRole('combobox', { name: /Preview for a customer/ });
    await user.type(picker, 'Ada');
    await user.click(await screen.findByRole('option', { name: 'Ada Lovelace · C-1001' }));
    expect(
      await screen.findByRole('region', { name: 'Preview for Ada Lovelace · C-1001' }),
    ).toHaveTextContent('Hi Ada, $125.50 is due.');
    expect(api.callsTo(`POST ${templatesApi}${reminder.id}/render/`)[0]!.body).toEqual({
      customer: 'cust-1',
      account: 'acct-1',
      type: 'EMAIL',
    });
  });
});
