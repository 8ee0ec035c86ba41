import { and, asc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Cadence } from '@paylane/shared/contracts/customers';
import type { Db } from '../../db/client';
import { messageTemplates } from '../../db/schema';
import type { TemplateRow } from '../message-templates/message-templates.service';
import { payLinkExpiry } from '../pay-links/pay-link-tokens.service';

// What the daily automation run reads (issue 5 item 8). Set-based: one query answers a page of accounts
// due on a date with everything a body needs (customer, location, first payment method), so a merchant with
// 20,000 accounts due costs a few queries, not 20,000.

/** The merchant's active SCHEDULED templates (each has its days), by days then id. */
export async function listActiveScheduledTemplates(db: Db, merchantId: string): Promise<TemplateRow[]> {
  return db
    .select()
    .from(messageTemplates)
    .where(
      and(
        eq(messageTemplates.merchantId, merchantId),
        eq(messageTemplates.type, 'SCHEDULED'),
        eq(messageTemplates.active, true),
        isNull(messageTemplates.deletedAt),
        isNotNull(messageTemplates.deltaDays),
      ),
    )
    .orderBy(asc(messageTemplates.deltaDays), asc(messageTemplates.id));
}

export type AutomationCandidate = {
  accountId: string;
  accountStatus: 'active' | 'pending' | 'inactive' | 'closed';
  accountNumber: string | null;
  amountDueCents: number;
  dueDate: string;
  cadence: Cadence | null;
  vehicleYear: number | null;
  vehicleMake: string | null;
  vehicleModel: string | null;
  locationName: string | null;
  customerId: string;
  firstName: string;
  lastName: string;
  language: string;
  smsPhoneNumber: string | null;
  email: string | null;
  isSmsOptedOut: boolean;
  isEmailOptedOut: boolean;
  paymentNickname: string | null;
  maskedCardNumber: string | null;
  maskedAccountNumber: string | null;
  hasPaymentMethod: boolean;
};

/**
 * A page (by account id, after `afterAccountId`) of the merchant's accounts due on `dueDate` whose primary
 * customer is live and reachable (a phone or an email), and for which this template has written nothing for
 * that due date yet: a second run reads nothing, and messages_automation_key stops any racing repeat.
 * Merged accounts are left out (their survivor carries the debt). The customer is joined by its key alone:
 * an account's holder is a customer of the account's merchant, and a second merchant condition lets a
 * planner without fresh statistics (PGlite analyzes hourly) scan every customer of the merchant per account.
 */
export async function listAutomationCandidates(
  db: Db,
  input: {
    merchantId: string;
    templateId: string;
    dueDate: string;
    afterAccountId: string | null;
    limit: number;
  },
): Promise<AutomationCandidate[]> {
  const { merchantId, templateId, dueDate } = input;
  const after = input.afterAccountId === null ? sql`true` : sql`a."id" > ${input.afterAccountId}::uuid`;
  const result = await db.execute<AutomationCandidate>(sql`
    select a."id" as "accountId", a."status" as "accountStatus", a."external_id" as "accountNumber",
      a."amount_due_cents"::float8 as "amountDueCents", a."due_date"::text as "dueDate", a."cadence",
      a."vehicle_year" as "vehicleYear", a."vehicle_make" as "vehicleMake", a."vehicle_model" as "vehicleModel",
      coalesce(account_location."name", customer_location."name") as "locationName",
      c."id" as "customerId", c."first_name" as "firstName", c."last_name" as "lastName", c."language",
      c."sms_phone_number" as "smsPhoneNumber", c."email",
      c."sms_opted_out_at" is not null as "isSmsOptedOut", c."email_opted_out_at" is not null as "isEmailOptedOut",
      method."nickname" as "paymentNickname", method."masked_card_number" as "maskedCardNumber",
      method."masked_account_number" as "maskedAccountNumber", method."nickname" is not null as "hasPaymentMethod"
    from "accounts" a
    join "customers" c on c."id" = a."customer_id" and c."voided_at" is null
    left join "locations" account_location on account_location."id" = a."location_id"
    left join "locations" customer_location on customer_location."id" = c."location_id"
    left join lateral (
      select p."nickname", p."masked_card_number", p."masked_account_number" from "payment_methods" p
      where p."customer_id" = c."id" and p."merchant_id" = a."merchant_id" and p."removed_at" is null
      order by p."created_at", p."id" limit 1
    ) method on true
    where a."merchant_id" = ${merchantId}::uuid and a."due_date" = ${dueDate}::date
      and a."merged_into_id" is null and ${after}
      and (c."sms_phone_number" is not null or c."email" is not null)
      and not exists (
        select 1 from "messages" m
        where m."template_id" = ${templateId}::uuid and m."account_id" = a."id"
          and m."automation_due_date" = ${dueDate}::date
      )
    order by a."id"
    limit ${input.limit}
  `);
  return result.rows;
}

export type AutomationMessage = {
  customerId: string;
  accountId: string;
  channel: 'sms' | 'email';
  body: string;
  subject: string | null;
  language: string;
  toAddress: string;
  /** A skip is written as failed with its reason; it is never dispatched. */
  status: 'pending' | 'failed';
  errorMessage: string | null;
  /** The digest of the pay link in the body ({{payment_link}}), written with the message; null for none. */
  payLinkTokenHash: string | null;
};

/**
 * Writes a page of automation messages in one INSERT … SELECT over unnested columns (a statement of 2,000
 * rows, where a multi-row VALUES of 14 columns would bind 28,000 parameters), and in the same statement the
 * pay link of each message written that carries one (7 days, made by the system), so a link exists exactly
 * when its message does. messages_automation_key makes a repeat of (template, account, due date, channel) a
 * no-op, links included. Answers how many messages were written.
 */
export async function insertAutomationMessages(
  db: Db,
  input: { merchantId: string; templateId: string; dueDate: string; now: Date },
  rows: readonly AutomationMessage[],
): Promise<number> {
  if (rows.length === 0) return 0;
  const column = <T>(pick: (row: AutomationMessage) => T) => sql.param(rows.map(pick));
  const result = await db.execute<{ written: number }>(sql`
    with r as (
      select * from unnest(${column((row) => row.customerId)}::uuid[], ${column((row) => row.accountId)}::uuid[],
        ${column((row) => row.channel)}::text[], ${column((row) => row.body)}::text[],
        ${column((row) => row.subject)}::text[], ${column((row) => row.language)}::text[],
        ${column((row) => row.toAddress)}::text[], ${column((row) => row.status)}::text[],
        ${column((row) => row.errorMessage)}::text[], ${column((row) => row.payLinkTokenHash)}::text[])
        as r(customer_id, account_id, channel, body, subject, language, to_address, status, error_message,
          pay_link_token_hash)
    ),
    written as (
      insert into "messages" ("merchant_id", "customer_id", "account_id", "template_id", "direction", "channel",
        "kind", "body", "subject", "language", "to_address", "status", "error_message", "automation_due_date")
      select ${input.merchantId}::uuid, r.customer_id, r.account_id, ${input.templateId}::uuid, 'outbound',
        r.channel, 'automation', r.body, r.subject, r.language, r.to_address, r.status, r.error_message,
        ${input.dueDate}::date
      from r
      on conflict do nothing
      returning "account_id", "channel"
    ),
    links as (
      insert into "pay_links" ("merchant_id", "customer_id", "account_id", "token_hash", "expires_at",
        "created_by_user_id", "created_at")
      select ${input.merchantId}::uuid, r.customer_id, r.account_id, r.pay_link_token_hash,
        ${payLinkExpiry(input.now).toISOString()}::timestamptz, null, ${input.now.toISOString()}::timestamptz
      from r join written w on w."account_id" = r.account_id and w."channel" = r.channel
      where r.pay_link_token_hash is not null
    )
    select count(*)::int as written from written
  `);
  return result.rows[0]?.written ?? 0;
}
