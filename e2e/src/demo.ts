// The demo data the server seeds on its fresh e2e database (apps/api/src/db/seed/demo.ts).
export const DEMO_PASSWORD = 'Paylane-Demo-1';
export const DEMO_MERCHANT = 'Demo Motors';

export type DemoUser = { email: string; name: string };

export const demoUsers = {
  superAdmin: { email: 'superadmin@demo.paylane.test', name: 'Sam Super' },
  admin: { email: 'admin@demo.paylane.test', name: 'Alex Admin' },
  // No journey changes a demo password (forgot-password invites its own user), so any may sign in as staff.
  staff: { email: 'staff@demo.paylane.test', name: 'Taylor Staff' },
} as const satisfies Record<string, DemoUser>;

/** The exact texts the journeys assert (docs/product.md §4, §5, §9). */
export const texts = {
  loginHeading: 'Merchant Login',
  invalidCredentials: 'No active account found with the given credentials',
  idleTitle: 'Are You Still There?',
  resetSent: 'If an account exists for that email, we sent a link to reset the password.',
  resetDone: 'Your password has been reset. You can sign in now.',
} as const;
