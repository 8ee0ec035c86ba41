import { and, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { sandboxProcessorCharges, sandboxProcessorMethods } from '../../../db/schema';
import { sandboxReturnMessages } from './sandbox-test-numbers';

// Returns after settlement (issue 18): a real bank may send a debit back days after it settled — 2 banking
// days for most codes, 60 calendar days for the unauthorized ones (docs/reference/payments.md §3 NACHA). The
// sandbox lets a test or the demo do that to a settled bank charge by hand; its next webhook run announces
// `charge.returned`, as a processor would.

export type SandboxReturnOutcome = 'returned' | 'not_found' | 'not_settled' | 'unknown_code';

/** Returns a settled sandbox bank charge now with a NACHA code. Once: a charge already returned is left. */
export async function returnSandboxCharge(
  db: Db,
  input: { processorChargeId: string; code: string; now: Date },
): Promise<SandboxReturnOutcome> {
  const message = sandboxReturnMessages[input.code];
  if (!message) return 'unknown_code';
  const bankTokens = db
    .select({ token: sandboxProcessorMethods.token })
    .from(sandboxProcessorMethods)
    .where(eq(sandboxProcessorMethods.kind, 'bank'));
  const updated = await db
    .update(sandboxProcessorCharges)
    .set({
      outcome: { status: 'settles_then_returns', code: input.code, message },
      returnsAt: input.now,
    })
    .where(
      and(
        eq(sandboxProcessorCharges.id, input.processorChargeId),
        inArray(sandboxProcessorCharges.methodToken, bankTokens),
        // Settled: a bank debit still processing, or one that already came back, cannot be returned again.
        or(isNull(sandboxProcessorCharges.settlesAt), lte(sandboxProcessorCharges.settlesAt, input.now)),
        sql`${sandboxProcessorCharges.outcome}->>'status' = 'settles'`,
        isNull(sandboxProcessorCharges.returnsAt),
      ),
    )
    .returning({ id: sandboxProcessorCharges.id });
  if (updated.length > 0) return 'returned';
  const [row] = await db
    .select({ id: sandboxProcessorCharges.id })
    .from(sandboxProcessorCharges)
    .where(eq(sandboxProcessorCharges.id, input.processorChargeId));
  return row ? 'not_settled' : 'not_found';
}
