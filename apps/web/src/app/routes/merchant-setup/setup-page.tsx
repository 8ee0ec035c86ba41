import { Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';

/** The frame of the merchant-setup pages: a title, an optional link back, actions on the right. */
export function SetupPage(props: {
  title: string;
  back?: { to: string; label: string };
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Stack gap="md">
      <title>{`${props.title} · Paylane`}</title>
      <PageHeader
        title={props.title}
        backTo={props.back?.to}
        backLabel={props.back?.label}
        actions={props.actions}
      />
      {props.children}
    </Stack>
  );
}

/** /merchants/{merchantID}: the base of every merchant-setup path. */
export function useMerchantBase(): { merchantId: string; base: string } {
  const { merchantID = '' } = useParams();
  return { merchantId: merchantID, base: `/merchants/${encodeURIComponent(merchantID)}` };
}
