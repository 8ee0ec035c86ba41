import { Anchor, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

type Props = {
  /** The page's one h1; its words are the product's (docs/product.md §2 names the pages). */
  title: ReactNode;
  /** The page one level up; shown as a small '← Label' link above the title. */
  backTo?: string;
  backLabel?: string;
  /** A line under the title: a count, a status, what the page is for. */
  description?: ReactNode;
  /** More about the page's record under the title, as it is (a badge, a row of facts). */
  children?: ReactNode;
  /** Buttons for the whole page, right-aligned; on a narrow screen they wrap under the title. */
  actions?: ReactNode;
};

/**
 * The head of every signed-in page (issue 20 item 8: one visual system): the back link, the h1 at the theme's
 * page-title size (app/theme.ts), a description and the page's actions. Public pages use PublicPage.
 */
export function PageHeader({ title, backTo, backLabel, description, children, actions }: Props) {
  return (
    <Stack gap={4}>
      {backTo ? (
        <Anchor component={Link} to={backTo} size="sm" w="fit-content">
          <span aria-hidden>← </span>
          {backLabel}
        </Anchor>
      ) : null}
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={2} miw={0}>
          <Title order={1}>{title}</Title>
          {description ? (
            <Text c="dimmed" size="sm" component="div">
              {description}
            </Text>
          ) : null}
          {children}
        </Stack>
        {actions ? <Group gap="sm">{actions}</Group> : null}
      </Group>
    </Stack>
  );
}
