import type {
  BulkFailedActionAnswer,
  FailedAction,
  FailedActionFilter,
  FailedActionListQuery,
} from '@paylane/shared/contracts/failed-actions';
import { isUuid } from '@paylane/shared/validation';
import type { AppContext } from '../../context';
import { DomainError, notFound, ValidationError } from '../../kit/errors';
import { rowsOfPage, type PageSlice } from '../../kit/paging';
import {
  findFailedAction,
  findFailedActionsWithNames,
  listFailedActions,
  listOpenActionIds,
  updateOpenAction,
  type FailedActionListRow,
} from './failed-actions.repository';

// The failed-actions list and marking actions resolved (docs/product.md §7 failed-actions; issue 18 item 4).

/** How many actions one `all: true` request acts on; the rest wait for the next request. */
export const MAX_ACTIONS_PER_BULK = 1000;

export type ActionActor = { merchantId: string; userId: string | null };

export function toFailedAction({ action, ...names }: FailedActionListRow): FailedAction {
  return {
    id: action.id,
    kind: action.kind,
    state: action.resolution ?? 'open',
    customer: action.customerId
      ? {
          id: action.customerId,
          first_name: names.customerFirstName ?? '',
          last_name: names.customerLastName ?? '',
        }
      : null,
    account: action.accountId ? { id: action.accountId, external_id: names.accountExternalId } : null,
    payment_id: action.paymentId,
    message_id: action.messageId,
    amount: names.amountCents,
    reason_code: action.reasonCode,
    reason_message: action.reasonMessage,
    is_retryable: action.isRetryable,
    is_resolvable: action.isResolvable,
    retry_count: action.retryCount,
    retry_payment_id: action.retryPaymentId,
    retry_message_id: action.retryMessageId,
    created_at: action.createdAt.toISOString(),
    resolved_at: action.resolvedAt?.toISOString() ?? null,
    resolved_by: action.resolvedByUserId
      ? {
          id: action.resolvedByUserId,
          name: `${names.resolverFirstName ?? ''} ${names.resolverLastName ?? ''}`.trim(),
        }
      : null,
  };
}

export async function listMerchantFailedActions(
  ctx: AppContext,
  merchantId: string,
  query: FailedActionListQuery,
): Promise<PageSlice<FailedAction>> {
  const { count, rows } = await listFailedActions(ctx.db, merchantId, query, rowsOfPage(query));
  return { count, results: rows.map(toFailedAction) };
}

/** The actions as they now stand, in the order of `ids`. */
export async function failedActionsOf(
  ctx: AppContext,
  merchantId: string,
  ids: readonly string[],
): Promise<FailedAction[]> {
  const rows = await findFailedActionsWithNames(ctx.db, merchantId, ids);
  const byId = new Map(rows.map((row) => [row.action.id, toFailedAction(row)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export async function getFailedAction(ctx: AppContext, key: { merchantId: string; id: string }) {
  const action = isUuid(key.id) ? await findFailedAction(ctx.db, key) : null;
  if (!action) throw notFound();
  return action;
}

/** Marks an action resolved by the caller; one already closed answers as it stands. */
export async function resolveFailedAction(
  ctx: AppContext,
  actor: ActionActor,
  id: string,
): Promise<FailedAction> {
  await getFailedAction(ctx, { merchantId: actor.merchantId, id });
  await updateOpenAction(
    ctx.db,
    { merchantId: actor.merchantId, id },
    { resolvedAt: ctx.now(), resolvedByUserId: actor.userId, resolution: 'resolved' },
  );
  const [answer] = await failedActionsOf(ctx, actor.merchantId, [id]);
  if (!answer) throw notFound();
  return answer;
}

/** The ids a bulk request names: its own, or with all=true the open actions matching the filters. */
export async function bulkTargets(
  ctx: AppContext,
  merchantId: string,
  body: { ids?: string[]; all?: boolean; kind?: FailedActionFilter['kind'] },
): Promise<string[]> {
  if (body.all) return listOpenActionIds(ctx.db, merchantId, { kind: body.kind }, MAX_ACTIONS_PER_BULK);
  return [...new Set(body.ids ?? [])];
}

/** Acts on each action once, in order; a refusal is reported in the server's words and the rest go on. */
export async function actOnEach(
  ctx: AppContext,
  merchantId: string,
  ids: readonly string[],
  act: (id: string) => Promise<unknown>,
): Promise<BulkFailedActionAnswer> {
  const errors: BulkFailedActionAnswer['errors'] = [];
  const done: string[] = [];
  for (const id of ids) {
    try {
      await act(id);
      done.push(id);
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      errors.push({ id, detail: detailOf(error) });
    }
  }
  return { results: await failedActionsOf(ctx, merchantId, done), errors };
}

function detailOf(error: DomainError): string {
  if (error instanceof ValidationError) return Object.values(error.fields).flat().join(' ');
  return error.message;
}
