import { Anchor, Group, Stack } from '@mantine/core';
import { Link, Outlet, useLocation } from 'react-router';
import { PageHeader } from '../../../components/page-header';

const HOME_VIEWS = [
  { label: 'Overview', to: '/' },
  { label: 'Failed Payments', to: '/failed-payments' },
  { label: 'Missed Messages', to: '/missed-messages' },
  { label: 'Auto Messages', to: '/auto-messages' },
  { label: 'Customer Replies', to: '/customer-replies' },
] as const;

/** Home (docs/product.md §2): the overview and its four lists, one route each. */
export function HomeLayout() {
  const { pathname } = useLocation();
  return (
    <Stack>
      <title>Home · Paylane</title>
      <PageHeader title="Home" />
      <Group component="nav" aria-label="Home views" gap="lg">
        {HOME_VIEWS.map((view) => {
          const isActive = pathname === view.to;
          return (
            <Anchor
              key={view.to}
              component={Link}
              to={view.to}
              fw={isActive ? 700 : 500}
              underline={isActive ? 'always' : 'hover'}
              aria-current={isActive ? 'page' : undefined}
            >
              {view.label}
            </Anchor>
          );
        })}
      </Group>
      <Outlet />
    </Stack>
  );
}
