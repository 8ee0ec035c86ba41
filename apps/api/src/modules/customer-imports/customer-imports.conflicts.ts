import { messages } from '@paylane/shared/messages';
import type { Db } from '../../db/client';
import {
  findAccountHolders,
  findPhoneOwners,
  findVoidedExternalIds,
} from './customer-imports.batch.repository';
import { addRowError, type CheckedRow } from './customer-imports.rows';

// The rules a row cannot check alone: repeats inside the file, and what the merchant's customers already
// hold. Run on every row when the columns are mapped, and again on each batch inside the job's transaction
// (a phone may have been taken since).

/** A customer id, phone or account number seen on an earlier row: the later rows are the repeats. */
export function markFileRepeats(rows: readonly CheckedRow[]): void {
  const seen = { externalId: new Set<string>(), phone: new Set<string>(), account: new Set<string>() };
  for (const row of rows) {
    const { externalId, phone, accountExternalId } = row.keys;
    if (externalId && seen.externalId.has(externalId)) {
      addRowError(row, 'external_id', messages.importDuplicateExternalId);
    }
    if (phone && seen.phone.has(phone)) addRowError(row, 'sms_phone_number', messages.importDuplicatePhone);
    if (accountExternalId && seen.account.has(accountExternalId)) {
      addRowError(row, 'account_external_id', messages.importDuplicateAccount);
    }
    if (externalId) seen.externalId.add(externalId);
    if (phone) seen.phone.add(phone);
    if (accountExternalId) seen.account.add(accountExternalId);
  }
}

/**
 * A phone of another live customer, a customer id of a voided customer, an account number another customer
 * holds. The customer a row names by its id may keep its own phone and accounts: the row updates it.
 */
export async function markDatabaseConflicts(
  db: Db,
  merchantId: string,
  rows: readonly CheckedRow[],
): Promise<void> {
  const phones = rows.flatMap((row) => (row.keys.phone ? [row.keys.phone] : []));
  const externalIds = rows.flatMap((row) => (row.keys.externalId ? [row.keys.externalId] : []));
  const accounts = rows.flatMap((row) => (row.keys.accountExternalId ? [row.keys.accountExternalId] : []));
  const phoneOwners = await findPhoneOwners(db, merchantId, phones);
  const voided = await findVoidedExternalIds(db, merchantId, externalIds);
  const holders = await findAccountHolders(db, merchantId, accounts);
  for (const row of rows) {
    const { externalId, phone, accountExternalId } = row.keys;
    if (phone && phoneOwners.has(phone) && phoneOwners.get(phone) !== externalId) {
      addRowError(row, 'sms_phone_number', messages.phoneInUse);
    }
    if (externalId && voided.has(externalId)) addRowError(row, 'external_id', messages.customerVoided);
    if (
      accountExternalId &&
      holders.has(accountExternalId) &&
      holders.get(accountExternalId) !== externalId
    ) {
      addRowError(row, 'account_external_id', messages.externalIdTaken);
    }
  }
}
