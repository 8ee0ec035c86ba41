import { Center, Paper, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { surfaces, textColors } from '../lib/scheme-colors';

/** The frame of the public pages (no navigation, docs/product.md §2): the brand, one heading, the content. */
export function PublicPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Center component="main" mih="100vh" p="md" bg={surfaces.muted}>
      <title>{`${title} · Paylane`}</title>
      <Paper withBorder shadow="sm" radius="md" p="xl" w="100%" maw={440}>
        <Text fw={800} c={textColors.brand} size="lg" mb="xs">
          Paylane
        </Text>
        <Title order={1} mb="lg">
          {title}
        </Title>
        {children}
      </Paper>
    </Center>
  );
}
