// Surfaces our own components paint (issue 20: dark mode that follows the system): one name, a shade per scheme,
// set for each scheme in app/theme.ts (cssVariablesResolver).
export const surfaces = {
  /** A quiet panel on the page (the fee preview, the card reader, public pages). */
  muted: 'var(--paylane-surface-muted)',
  /** A text the merchant sent, and the selected conversation. */
  outbound: 'var(--paylane-surface-outbound)',
  /** A text the customer sent. */
  inbound: 'var(--paylane-surface-inbound)',
} as const;

/** Coloured text that keeps 4.5:1 on the body in both schemes (red 8 in light is under 4.5:1 in dark). */
export const textColors = {
  /** Failures, limits passed, days past due. */
  danger: 'var(--mantine-color-error)',
  /** The 'Paylane' word mark. */
  brand: 'var(--paylane-brand-text)',
  /** A figure that is within bounds. */
  success: 'var(--paylane-success-text)',
} as const;
