import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { sandboxProcessorEntries, sandboxProcessorMethods } from '../../../db/schema';
import type { MethodEntryHandle, ProcessorMethod } from '../payment-processor';
import {
  EntryRejected,
  saveSandboxBankAccount,
  saveSandboxCard,
  type BankEntry,
  type CardEntry,
  type FieldErrors,
} from './sandbox-entry';
import { newSandboxId, toProcessorMethod } from './sandbox-processor';

// The sandbox's hosted entries: opened by the port (startMethodEntry), filled in by the payer on the sandbox's
// own page (sandbox-entry.routes.ts), read back by the port (finishMethodEntry). An entry saves one method.

/** Where the sandbox serves its entry page: under /api, so the web dev server's proxy reaches it too. */
export const SANDBOX_ENTRY_PATH = '/api/sandbox-processor/entry/';
export const sandboxEntryUrl = (entryId: string) => `${SANDBOX_ENTRY_PATH}${entryId}/`;

/** How long a payer has to fill in an opened entry. */
export const SANDBOX_ENTRY_TTL_MS = 30 * 60_000;

export type SandboxEntryRow = typeof sandboxProcessorEntries.$inferSelect;

export async function openSandboxEntry(
  db: Db,
  input: { processorAccountId: string; kind: 'card' | 'bank'; reference: string; now: Date; ttlMs: number },
): Promise<MethodEntryHandle> {
  const id = newSandboxId('sbx_entry');
  await db.insert(sandboxProcessorEntries).values({
    id,
    processorAccountId: input.processorAccountId,
    kind: input.kind,
    reference: input.reference,
    expiresAt: new Date(input.now.getTime() + input.ttlMs),
    createdAt: input.now,
  });
  return { entryId: id, url: sandboxEntryUrl(id), clientSecret: null };
}

/** The method an entry saved, or null while it is open (or unknown to this account). */
export async function finishedSandboxMethod(
  db: Db,
  input: { processorAccountId: string; entryId: string },
): Promise<ProcessorMethod | null> {
  const [row] = await db
    .select({ method: sandboxProcessorMethods })
    .from(sandboxProcessorEntries)
    .innerJoin(
      sandboxProcessorMethods,
      eq(sandboxProcessorMethods.token, sandboxProcessorEntries.methodToken),
    )
    .where(
      and(
        eq(sandboxProcessorEntries.id, input.entryId),
        eq(sandboxProcessorEntries.processorAccountId, input.processorAccountId),
        isNull(sandboxProcessorMethods.detachedAt),
      ),
    );
  return row ? toProcessorMethod(row.method) : null;
}

/** An entry the page may show: 'gone' when unknown, expired or already used (the page says which). */
export type EntryState =
  { status: 'open'; entry: SandboxEntryRow } | { status: 'missing' | 'expired' | 'used' };

function stateOf(row: SandboxEntryRow | undefined, now: Date): EntryState {
  if (!row) return { status: 'missing' };
  if (row.methodToken) return { status: 'used' };
  if (row.expiresAt <= now) return { status: 'expired' };
  return { status: 'open', entry: row };
}

export async function sandboxEntryState(db: Db, entryId: string, now: Date): Promise<EntryState> {
  const [row] = await db
    .select()
    .from(sandboxProcessorEntries)
    .where(eq(sandboxProcessorEntries.id, entryId));
  return stateOf(row, now);
}

export type SubmitOutcome =
  EntryState | { status: 'saved' } | { status: 'rejected'; kind: 'card' | 'bank'; fieldErrors: FieldErrors };

/**
 * The payer's form, checked and saved once: the entry row is locked, so a double submit saves one method and
 * the second answers 'used'. A refused form saves nothing and leaves the entry open.
 */
export async function submitSandboxEntry(
  db: Db,
  input: { entryId: string; fields: Record<string, string>; now: Date },
): Promise<SubmitOutcome> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(sandboxProcessorEntries)
      .where(eq(sandboxProcessorEntries.id, input.entryId))
      .for('update');
    const state = stateOf(row, input.now);
    if (state.status !== 'open') return state;
    const { entry } = state;
    try {
      const save = { processorAccountId: entry.processorAccountId, now: input.now };
      const method =
        entry.kind === 'card'
          ? await saveSandboxCard(tx, { ...save, entry: cardEntryOf(input.fields) })
          : await saveSandboxBankAccount(tx, { ...save, entry: bankEntryOf(input.fields) });
      await tx
        .update(sandboxProcessorEntries)
        .set({ methodToken: method.token })
        .where(eq(sandboxProcessorEntries.id, entry.id));
      return { status: 'saved' };
    } catch (error) {
      if (error instanceof EntryRejected)
        return { status: 'rejected', kind: entry.kind, fieldErrors: error.fieldErrors };
      throw error;
    }
  });
}

const field = (fields: Record<string, string>, name: string) => (fields[name] ?? '').trim();

function cardEntryOf(fields: Record<string, string>): CardEntry {
  return {
    card_number: field(fields, 'card_number'),
    exp_month: field(fields, 'exp_month'),
    exp_year: field(fields, 'exp_year'),
    cvc: field(fields, 'cvc'),
  };
}

function bankEntryOf(fields: Record<string, string>): BankEntry {
  return {
    routing_number: field(fields, 'routing_number'),
    account_number: field(fields, 'account_number'),
    account_type: field(fields, 'account_type') === 'savings' ? 'savings' : 'checking',
  };
}
