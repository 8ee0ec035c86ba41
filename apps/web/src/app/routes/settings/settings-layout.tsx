import { Stack, Tabs } from '@mantine/core';
import { Navigate, Outlet, useLocation, useNavigate, useParams } from 'react-router';
import { useMerchant } from '../../../features/merchants/api/get-merchant';
import { canInMerchant } from '../../../features/profile/access';
import { useSignedInUser } from '../../../features/profile/hooks/use-signed-in-user';
import { allowedSettingsTabs } from './settings-tabs';
import { PageHeader } from '../../../components/page-header';
import { FormSkeleton } from '../../../components/form-skeleton';

/** Settings of one merchant: a tab per page the user may open; the page itself guards its route too. */
export function SettingsLayout() {
  const { merchantID = '' } = useParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { profile, isSuperAdmin } = useSignedInUser();
  const { data: merchant } = useMerchant(merchantID);
  if (!profile || !merchant)
    return (
      <Stack gap="md">
        <PageHeader title="Settings" />
        <FormSkeleton />
      </Stack>
    );

  const tabs = allowedSettingsTabs((capability) =>
    canInMerchant({ profile, isSuperAdmin, merchantId: merchantID, merchant }, capability),
  );
  const base = `/merchants/${encodeURIComponent(merchantID)}/settings`;
  const active = pathname.slice(base.length + 1).split('/')[0] ?? '';
  if (!active) return <Navigate to={tabs[0] ? `${base}/${tabs[0].path}` : '/'} replace />;

  return (
    <Stack gap="md">
      <PageHeader title="Settings" />
      <Tabs value={active} onChange={(value) => value && void navigate(`${base}/${value}`)}>
        <Tabs.List>
          {tabs.map((tab) => (
            <Tabs.Tab key={tab.path} value={tab.path}>
              {tab.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <Outlet />
    </Stack>
  );
}
