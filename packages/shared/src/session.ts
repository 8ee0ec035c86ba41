// Session constants of docs/product.md §4 and §9, in seconds.
export const sessionTimings = {
  idleWarningSeconds: 840,
  idleLogoutSeconds: 900,
  idleCountdownSeconds: 60,
  activityThrottleSeconds: 60,
  heartbeatSeconds: 15,
  refreshWhenUnderSeconds: 180,
} as const;
