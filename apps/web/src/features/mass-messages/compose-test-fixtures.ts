import type { CustomerGroup } from '@paylane/shared/contracts/customer-groups';
import type { CustomerRef } from '@paylane/shared/contracts/customers';
import type { MessageTemplate } from '@paylane/shared/contracts/message-templates';
import { customerLookupHandlers, customersApi, makeListItem, page } from '../../test/customer-list-fixtures';
import type { StubReply, StubRequest } from '../../test/fetch-stub';
import { merchantA } from '../../test/fixtures';

// What the compose modal reads and sends, shaped by the shared contracts.
const api = `/api/merchants/${merchantA.id}`;
export const composeApi = {
  templates: `${api}/message_templates/`,
  groups: `${api}/customer_groups/`,
  optouts: `${api}/customers/retrieve_optouts/`,
  send: `${api}/customers/send_customers_message/`,
  customerRender: `${api}/message_templates/customer_render/`,
};

/** A link as the server's sample: /pay/ and 43 characters, like a real one. */
export const samplePayLink = 'https://paylane.test/pay/SAMPLE-each-customer-gets-a-link-of-their-0';

export const ada = makeListItem();
export const grace = makeListItem({
  id: 'cust-2',
  first_name: 'Grace',
  last_name: 'Hopper',
  external_id: 'C-1002',
});
export const alan = makeListItem({
  id: 'cust-3',
  first_name: 'Alan',
  last_name: 'Turing',
  external_id: 'C-1003',
});

const refOf = (customer: typeof ada): CustomerRef => ({
  id: customer.id,
  first_name: customer.first_name,
  last_name: customer.last_name,
  external_id: customer.external_id,
  sms_phone_number: customer.sms_phone_number,
});

const template = (overrides: Partial<MessageTemplate>): MessageTemplate => ({
  id: 'tpl-1',
  name: 'Friendly reminder',
  description: '',
  type: 'UNSCHEDULED',
  active: true,
  is_visible: true,
  delta_days: null,
  message_bodies: [
    { language: 'en-US', body_type: 'TEXT', message_body: 'Hi {{first_name}}, pay here: {{payment_link}}' },
  ],
  is_system: false,
  created: '2026-03-04T15:00:00.000Z',
  updated: '2026-03-04T15:00:00.000Z',
  ...overrides,
});
export const reminder = template({});
export const inactive = template({ id: 'tpl-2', name: 'Old promo', active: false });
export const hidden = template({ id: 'tpl-3', name: 'Draft 2026-01-01', is_visible: false });

const group = (id: string, name: string, count: number): CustomerGroup => ({
  id,
  name,
  customer_count: count,
  created: '2026-03-04T15:00:00.000Z',
});
export const lateGroup = group('grp-1', 'Late payers', 2);
export const emptyGroup = group('grp-2', 'Nobody yet', 0);

/** retrieve_optouts as the server answers: Grace opted out, ids/external ids of nobody are unknown. */
function answerOptouts(request: StubRequest): StubReply {
  const { customers, find_by_external: byExternal } = request.body as {
    customers: string[];
    find_by_external: boolean;
  };
  const everyone = [ada, grace, alan];
  const found = customers.map((id) => everyone.find((c) => (byExternal ? c.external_id : c.id) === id));
  const known = found.filter((c): c is typeof ada => c !== undefined);
  return {
    body: {
      customers: known.filter((c) => c.id !== grace.id).map(refOf),
      optout_customers: known.filter((c) => c.id === grace.id).map(refOf),
      unknown_customers: customers.filter((_, index) => found[index] === undefined),
    },
  };
}

/** customer_render as the server answers for these customers: their names, a sample link. */
function answerCustomerRender(request: StubRequest): StubReply {
  const { message_template_body: body, customer } = request.body as {
    message_template_body: string;
    customer: string;
  };
  const who = [ada, grace, alan].find((c) => c.id === customer);
  if (!who) return { status: 400, body: { customer: ['Customer does not belong to this merchant'] } };
  return {
    body: {
      rendered_body: body
        .replaceAll('{{first_name}}', who.first_name)
        .replaceAll('{{last_name}}', who.last_name)
        .replaceAll('{{payment_link}}', samplePayLink),
    },
  };
}

export const composeHandlers = {
  ...customerLookupHandlers,
  [`GET ${customersApi}`]: { body: page([ada, grace, alan]) },
  [`GET ${composeApi.templates}`]: { body: page([reminder, inactive, hidden]) },
  [`GET ${composeApi.groups}`]: { body: page([lateGroup, emptyGroup]) },
  [`GET ${composeApi.groups}${lateGroup.id}/`]: { body: { ...lateGroup, customer_m2m: [ada.id, alan.id] } },
  [`POST ${composeApi.optouts}`]: answerOptouts,
  [`POST ${composeApi.customerRender}`]: answerCustomerRender,
};
