import { Badge, createTheme, type CSSVariablesResolver } from '@mantine/core';

// Mantine's default light shades (blue 6 buttons and links, gray 6 dimmed text, gray 5 placeholders, red 6
// errors) fall under the
// WCAG AA 4.5:1 contrast on white that the axe checks in e2e apply; one shade darker passes.
export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: { light: 8, dark: 8 },
  defaultRadius: 'md',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  components: {
    // A badge's label hides its overflow, so a squeezed table column cut it ('INACTI…'): never narrower than
    // its text (issue 20).
    Badge: Badge.extend({ styles: { root: { minWidth: 'max-content' } } }),
  },
});

export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-8)',
    '--mantine-color-placeholder': 'var(--mantine-color-gray-7)',
    // Light variants (the active navigation link, light buttons) keep blue 9 text; on Mantine's hover shade
    // (blue 2) that is 4.0:1, so the backgrounds step one shade lighter: 0 at rest, 1 on hover (4.9:1).
    '--mantine-color-blue-light': 'var(--mantine-color-blue-0)',
    '--mantine-color-blue-light-hover': 'var(--mantine-color-blue-1)',
  },
  dark: {},
});
