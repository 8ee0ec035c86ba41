import { profile, signIn } from './scenarios/auth';
import { customerScenarios } from './scenarios/customers';
import { inboxScenarios } from './scenarios/inbox';
import { paymentScenarios } from './scenarios/payments';
import { bareRoute } from './scenarios/health';
import type { Scenario } from './scenarios/scenario';

/** The baseline every ratio divides by; it always runs first. */
export const baseline: Scenario = bareRoute;

/** Every other scenario, in the order they run. New areas append their file's scenarios here. */
export const scenarios: Scenario[] = [
  signIn,
  profile,
  ...customerScenarios,
  ...inboxScenarios,
  ...paymentScenarios,
];
