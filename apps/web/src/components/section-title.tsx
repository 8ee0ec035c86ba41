import { Title, type TitleProps } from '@mantine/core';

/**
 * A section of a page: an h2 under the page's h1 (PageHeader), at the theme's one section size (app/theme.ts).
 * A part of a section is an h3 (`order={3}`); heading levels never skip (the journeys' axe checks their order).
 */
export function SectionTitle({ order = 2, ...props }: Omit<TitleProps, 'size'> & { order?: 2 | 3 }) {
  return <Title order={order} {...props} />;
}
