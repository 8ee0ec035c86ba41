import { Badge, createTheme, rem, type CSSVariablesResolver } from '@mantine/core';

// Mantine's default light shades (blue 6 buttons and links, gray 6 dimmed text, gray 5 placeholders, red 6
// errors) fall under the
// WCAG AA 4.5:1 contrast on white that the axe checks in e2e apply; one shade darker passes.
export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: { light: 8, dark: 8 },
  defaultRadius: 'md',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  // One type scale (issue 20 item 8): a page's title (h1, components/page-header.tsx) at 26 px, its sections
  // (h2, components/section-title.tsx) at 22 px, a section's parts (h3) at 18 px. Titles take their size from
  // their level; h4 to h6 keep Mantine's sizes.
  headings: {
    sizes: {
      h1: { fontSize: rem(26), lineHeight: '1.35' },
      h2: { fontSize: rem(22), lineHeight: '1.4' },
      h3: { fontSize: rem(18), lineHeight: '1.45' },
    },
  },
  components: {
    // A badge's label hides its overflow, so a squeezed table column cut it ('INACTI…'): never narrower than
    // its text (issue 20).
    Badge: Badge.extend({ styles: { root: { minWidth: 'max-content' } } }),
  },
});

export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--paylane-surface-muted': 'var(--mantine-color-gray-0)',
    '--paylane-surface-outbound': 'var(--mantine-color-blue-0)',
    '--paylane-surface-inbound': 'var(--mantine-color-gray-0)',
    '--paylane-brand-text': 'var(--mantine-color-blue-8)',
    '--paylane-success-text': 'var(--mantine-color-teal-8)',
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-8)',
    '--mantine-color-placeholder': 'var(--mantine-color-gray-7)',
    // Light variants (the active navigation link, light buttons) keep blue 9 text; on Mantine's hover shade
    // (blue 2) that is 4.0:1, so the backgrounds step one shade lighter: 0 at rest, 1 on hover (4.9:1).
    '--mantine-color-blue-light': 'var(--mantine-color-blue-0)',
    '--mantine-color-blue-light-hover': 'var(--mantine-color-blue-1)',
  },
  // Dark: Mantine's dimmed (dark 2) and red 8 errors are under 4.5:1 on the dark body (dark 7); one step
  // lighter passes. Surfaces step up from the body so a bubble still reads as one.
  dark: {
    '--paylane-surface-muted': 'var(--mantine-color-dark-6)',
    '--paylane-surface-outbound': 'var(--mantine-color-dark-5)',
    '--paylane-surface-inbound': 'var(--mantine-color-dark-6)',
    '--paylane-brand-text': 'var(--mantine-color-blue-4)',
    '--paylane-success-text': 'var(--mantine-color-teal-4)',
    '--mantine-color-dimmed': 'var(--mantine-color-dark-1)',
    '--mantine-color-error': 'var(--mantine-color-red-4)',
    '--mantine-color-placeholder': 'var(--mantine-color-dark-2)',
  },
});
