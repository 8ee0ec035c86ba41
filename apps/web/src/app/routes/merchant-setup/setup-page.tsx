import { Anchor, Group, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';

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
      {props.back ? (
        <Anchor component={Link} to={props.back.to} size="sm">
          ← {props.back.label}
        </Anchor>
      ) : null}
      <Group justify="space-between">
        <Title order={1} size="h2">
          {props.title}
        </Title>
        {props.actions}
      </Group>
      {props.children}
    </Stack>
  );
}

/** /merchants/{merchantID}: the base of every merchant-setup path. */
export function useMerchantBase(): { merchantId: string; base: string } {
  const { merchantID = '' } = useParams();
  return { merchantId: merchantID, base: `/merchants/${encodeURIComponent(merchantID)}` };
}
