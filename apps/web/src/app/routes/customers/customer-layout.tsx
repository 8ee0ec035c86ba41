import { Alert, Anchor, Badge, Box, Button, Group, Stack, Text } from '@mantine/core';
import type { Customer } from '@paylane/shared/contracts/customers';
import { formatPhone } from '@paylane/shared/format';
import { messages } from '@paylane/shared/messages';
import { Link, Outlet, useLocation, useParams } from 'react-router';
import { useCustomer } from '../../../features/customers/api/get-customer';
import { useUpdateLastViewedOnOpen } from '../../../features/customers/api/update-last-viewed';
import { useMerchant } from '../../../features/merchants/api/get-merchant';
import { useCan } from '../../../features/profile/hooks/use-can';
import { QueryFallback } from '../../../components/query-fallback';
import { formatDateTime } from '../../../lib/date-time';
import type { CustomerPageContext } from './customer-page-context';
import { PageHeader } from '../../../components/page-header';

/** The sub-views of docs/product.md §2 (ituran-view and ai-collector come with their integrations). */
const customerTabs = [
  { path: '', label: 'Account Details' },
  { path: 'timeline', label: 'Timeline' },
  { path: 'history', label: 'History' },
  { path: 'notes', label: 'Notes' },
  { path: 'co-borrowers', label: 'Co-Borrowers' },
  { path: 'payment-methods', label: 'Payment Methods' },
  { path: 'messages', label: 'Messages' },
] as const;

const customerName = (customer: Customer) => `${customer.first_name} ${customer.last_name}`.trim();

export const customerBasePath = (merchantId: string, customerId: string) =>
  `/merchants/${encodeURIComponent(merchantId)}/customers/${encodeURIComponent(customerId)}`;

/** /merchants/{merchantID}/customers/{customerID}: who the customer is, the tabs, then the open sub-view. */
export function CustomerLayout() {
  const { merchantID = '', customerID = '' } = useParams();
  const customerQuery = useCustomer(merchantID, customerID);
  const { data: customer } = customerQuery;
  const { data: merchant } = useMerchant(merchantID);
  const mayUpdateCustomer = useCan('updateCustomer', merchantID);
  const mayUpdateNotes = useCan('updateNotes', merchantID);
  useUpdateLastViewedOnOpen(merchantID, customerID);
  const listPath = `/merchants/${encodeURIComponent(merchantID)}/customers`;

  if (!customer) {
    return (
      <Stack gap="md">
        <PageHeader title="Customer" backTo={listPath} backLabel="Customers" />
        <QueryFallback query={customerQuery} />
      </Stack>
    );
  }
  const isVoided = customer.voided_at !== null;
  const context: CustomerPageContext = {
    merchantId: merchantID,
    customer,
    timeZone: merchant?.time_zone,
    canUpdateCustomer: mayUpdateCustomer && !isVoided,
    canUpdateNotes: mayUpdateNotes && !isVoided,
  };
  const base = customerBasePath(merchantID, customerID);
  return (
    <Stack gap="md">
      <title>{`${customerName(customer)} · Paylane`}</title>
      <CustomerHeader
        customer={customer}
        listPath={listPath}
        editPath={context.canUpdateCustomer ? `${base}/detail` : null}
      />
      <CustomerNotices customer={customer} merchantId={merchantID} timeZone={context.timeZone} />
      <CustomerTabs base={base} />
      <Outlet context={context} />
    </Stack>
  );
}

function CustomerHeader(props: { customer: Customer; listPath: string; editPath: string | null }) {
  const { customer, listPath, editPath } = props;
  const facts = [
    { label: 'Customer ID', value: customer.external_id },
    { label: 'Phone', value: formatPhone(customer.sms_phone_number) },
    { label: 'Email', value: customer.email },
    { label: 'Location', value: customer.location?.name },
  ];
  return (
    <PageHeader
      title={customerName(customer)}
      backTo={listPath}
      backLabel="Customers"
      actions={
        editPath ? (
          <Button component={Link} to={editPath} variant="light">
            Edit
          </Button>
        ) : null
      }
    >
      {customer.sms_opted_out ? (
        <Badge color="red.1" autoContrast variant="filled" mt={4} w="fit-content">
          Opted out of texts
        </Badge>
      ) : null}
      <Group gap="xl" component="dl" m={0} mt={4}>
        {facts.map((fact) => (
          <Box key={fact.label}>
            <Text component="dt" size="xs" c="dimmed">
              {fact.label}
            </Text>
            <Text component="dd" size="sm" m={0}>
              {fact.value || '—'}
            </Text>
          </Box>
        ))}
      </Group>
    </PageHeader>
  );
}

function CustomerNotices(props: { customer: Customer; merchantId: string; timeZone: string | undefined }) {
  const { customer, merchantId, timeZone } = props;
  return (
    <>
      {customer.voided_at ? (
        <Alert color="gray" variant="light" title={messages.customerVoided}>
          {`Voided ${formatDateTime(customer.voided_at, timeZone)}. Its accounts, notes and history are kept as they were; nothing can be changed.`}
        </Alert>
      ) : null}
      {customer.merged_into_id ? (
        <Alert color="gray" variant="light" title="This customer was merged into another customer">
          <Anchor component={Link} to={customerBasePath(merchantId, customer.merged_into_id)} size="sm">
            Open the customer it was merged into
          </Anchor>
        </Alert>
      ) : null}
    </>
  );
}

/** The sub-views as links (each has its own address); the open one carries aria-current="page". */
function CustomerTabs({ base }: { base: string }) {
  const { pathname } = useLocation();
  const open = pathname.startsWith(base) ? (pathname.slice(base.length).split('/')[1] ?? '') : '';
  return (
    <Box
      component="nav"
      aria-label="Customer sections"
      style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
    >
      <Group gap={0} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
        {customerTabs.map((tab) => {
          const isOpen = tab.path === open;
          return (
            <li key={tab.path}>
              <Anchor
                component={Link}
                to={tab.path ? `${base}/${tab.path}` : base}
                aria-current={isOpen ? 'page' : undefined}
                underline="never"
                c={isOpen ? undefined : 'var(--mantine-color-text)'}
                fw={isOpen ? 600 : 400}
                size="sm"
                display="block"
                px="md"
                py="xs"
                style={{
                  borderBottom: `2px solid ${isOpen ? 'var(--mantine-primary-color-filled)' : 'transparent'}`,
                  marginBottom: -1,
                }}
              >
                {tab.label}
              </Anchor>
            </li>
          );
        })}
      </Group>
    </Box>
  );
}
