import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { recordProviderStatuses } from '../messaging/message-status.service';

// The outbox SMS provider's carrier: walks each stored text queued → sent → delivered (or to the failure a
// 'callback' rule names), reporting each step as a status callback would, in the same transaction.

type DueText = { sid: string; status: string; created_at: string; rule_code: string | null };
type Step = {
  sid: string;
  status: 'sent' | 'delivered' | 'undelivered' | 'failed';
  errorCode: string | null;
};

/** Twilio's descriptions of the delivery errors a 'callback' rule can simulate (docs/reference/messaging.md §1). */
const callbackErrorTexts: Record<string, string> = {
  '30003': 'Unreachable destination handset',
  '30005': 'Unknown destination handset',
  '30006': 'Landline or unreachable carrier',
  '30007': 'Message filtered',
};
// Queue overflow and a suspended account fail before the carrier; the rest are carrier answers.
const failedCodes = new Set(['30001', '30002']);

function nextStep(text: DueText): Step | null {
  if (text.status === 'queued') return { sid: text.sid, status: 'sent', errorCode: null };
  if (text.status !== 'sent') return null;
  if (!text.rule_code) return { sid: text.sid, status: 'delivered', errorCode: null };
  const status = failedCodes.has(text.rule_code) ? 'failed' : 'undelivered';
  return { sid: text.sid, status, errorCode: text.rule_code };
}

/**
 * Moves up to `limit` texts whose step is due by one step, skipping rows another walker holds. A text whose
 * message is not recorded yet (the dispatcher has handed it over but not committed its sid) waits a step,
 * unless it is older than `orphanAfterMs`. Returns how many texts it looked at.
 */
export async function walkDueOutboxTexts(
  db: Db,
  input: { limit: number; stepMs: number; orphanAfterMs: number; provider: string },
): Promise<number> {
  return db.transaction(async (tx) => {
    const due = await tx.execute<DueText>(sql`
      select o.sid, o.status, o.created_at, r.error_code as rule_code
      from outbox_sms o
      left join outbox_sms_failure_rules r on r.to_address = o.to_address and r.stage = 'callback'
      where o.next_step_at <= now()
      order by o.next_step_at
      limit ${input.limit}
      for update of o skip locked`);
    if (due.rows.length === 0) return 0;
    const steps = due.rows.map(nextStep).filter((step) => step !== null);
    const recorded = await recordProviderStatuses(
      tx,
      input.provider,
      steps.map((step) => ({
        providerMessageId: step.sid,
        status: step.status,
        errorCode: step.errorCode,
        errorMessage: step.errorCode ? (callbackErrorTexts[step.errorCode] ?? null) : null,
      })),
      new Date(),
    );
    const known = new Set(recorded.map((row) => row.providerMessageId));
    const orphanBefore = Date.now() - input.orphanAfterMs;
    const byId = new Map(due.rows.map((row) => [row.sid, row]));
    const moves = steps.map((step) => {
      const waits = !known.has(step.sid) && Date.parse(byId.get(step.sid)!.created_at) > orphanBefore;
      return waits ? { ...step, status: null, errorCode: null } : step;
    });
    await applyMoves(tx, moves, input.stepMs);
    return due.rows.length;
  });
}

// status null: the text waits one more step where it is.
async function applyMoves(
  tx: Parameters<Parameters<Db['transaction']>[0]>[0],
  moves: { sid: string; status: Step['status'] | null; errorCode: string | null }[],
  stepMs: number,
) {
  if (moves.length === 0) return;
  await tx.execute(sql`
    update outbox_sms o set
      status = coalesce(v.status, o.status),
      error_code = coalesce(v.error_code, o.error_code),
      next_step_at = case when v.status is null or v.status = 'sent'
        then now() + make_interval(secs => ${stepMs / 1000}) else null end,
      updated_at = now()
    from unnest(${sql.param(moves.map((m) => m.sid))}::text[], ${sql.param(moves.map((m) => m.status))}::text[],
      ${sql.param(moves.map((m) => m.errorCode))}::text[]) as v(sid, status, error_code)
    where o.sid = v.sid`);
}
