import { z } from 'zod';
import { validationMessages } from '../validation';
import { pageOf, pageQuerySchema } from './paging';

// CSV customer import (docs/product.md §2 /merchants/{merchantID}/customers/import), under
// /api/merchants/{id}/customer_imports/: upload → map columns (every row validated) → start the job → progress.
// Each row is checked with customerWriteSchema / accountWriteSchema (contracts/customers.ts), so a row's
// messages are the create form's.

/** The multipart field that carries the file. */
export const IMPORT_FILE_FIELD = 'file';

/** What a column can be mapped to; the customer's fields, then the account's. */
export const importFields = [
  'external_id',
  'first_name',
  'last_name',
  'email',
  'sms_phone_number',
  'location',
  'address_line1',
  'address_line2',
  'city',
  'state',
  'postal_code',
  'date_of_birth',
  'account_external_id',
  'amount_due',
  'due_date',
  'cadence',
  'status',
  'vehicle_year',
  'vehicle_make',
  'vehicle_model',
] as const;
export type ImportField = (typeof importFields)[number];
export const importFieldSchema = z.enum(importFields);

/** A customer is found again by its external id, so these three must be mapped. */
export const requiredImportFields = [
  'external_id',
  'first_name',
  'last_name',
] as const satisfies ImportField[];

/** Mapping any of these makes rows carry an account; then both account_external_id and amount_due are needed. */
export const accountImportFields = [
  'account_external_id',
  'amount_due',
  'due_date',
  'cadence',
  'status',
  'vehicle_year',
  'vehicle_make',
  'vehicle_model',
] as const satisfies ImportField[];

export const importFieldLabels: Record<ImportField, string> = {
  external_id: 'Customer ID',
  first_name: 'First Name',
  last_name: 'Last Name',
  email: 'Email',
  sms_phone_number: 'Phone Number',
  location: 'Location',
  address_line1: 'Address Line 1',
  address_line2: 'Address Line 2',
  city: 'City',
  state: 'State',
  postal_code: 'Postal Code',
  date_of_birth: 'Date of Birth',
  account_external_id: 'Account Number',
  amount_due: 'Amount Due',
  due_date: 'Due Date',
  cadence: 'Cadence',
  status: 'Account Status',
  vehicle_year: 'Vehicle Year',
  vehicle_make: 'Vehicle Make',
  vehicle_model: 'Vehicle Model',
};

export const customerImportStatuses = [
  'uploaded',
  'validated',
  'queued',
  'running',
  'completed',
  'failed',
] as const;
export type CustomerImportStatus = (typeof customerImportStatuses)[number];

/** Import field → the CSV header it reads. */
export const importMappingSchema = z.partialRecord(importFieldSchema, z.string());
export type ImportMapping = z.infer<typeof importMappingSchema>;

/** One import as lists show it. Counts are rows below the header; progress is processed / valid, 0–100. */
export const customerImportSummarySchema = z.object({
  id: z.string(),
  file_name: z.string(),
  status: z.enum(customerImportStatuses),
  total_rows: z.number().int(),
  valid_rows: z.number().int(),
  invalid_rows: z.number().int(),
  processed_rows: z.number().int(),
  created_count: z.number().int(),
  updated_count: z.number().int(),
  progress: z.number().int().min(0).max(100),
  error_message: z.string().nullable(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
  created: z.string(),
});
export type CustomerImportSummary = z.infer<typeof customerImportSummarySchema>;
export const customerImportPageSchema = pageOf(customerImportSummarySchema);

// POST .../customer_imports/ (201), GET .../customer_imports/{import_id}/, PUT .../mapping/, POST .../start/ (202).
export const customerImportSchema = customerImportSummarySchema.extend({
  headers: z.array(z.string()),
  /** The mapping the rows were validated with; null until the columns are mapped. */
  mapping: importMappingSchema.nullable(),
  /** Guessed from the header names; the page preselects it. */
  suggested_mapping: importMappingSchema,
  /** The first rows as read, cells in header order. */
  sample_rows: z.array(z.array(z.string())),
});
export type CustomerImport = z.infer<typeof customerImportSchema>;

// PUT .../customer_imports/{import_id}/mapping/ — an empty header means the field is not mapped.
export const customerImportMappingWriteSchema = z.object({
  mapping: z.partialRecord(importFieldSchema, z.string().trim().nullable(), {
    error: validationMessages.required,
  }),
});
export type CustomerImportMappingWrite = z.input<typeof customerImportMappingWriteSchema>;

const booleanParam = z.enum(['true', 'false']).transform((value) => value === 'true');

// GET .../customer_imports/{import_id}/rows/?page=&page_size=&errors_only=true
export const customerImportRowsQuerySchema = pageQuerySchema.extend({
  errors_only: booleanParam.default(false),
});
/** What a client sends. */
export type CustomerImportRowsQuery = { page?: number; page_size?: number; errors_only?: boolean };

export const customerImportRowSchema = z.object({
  /** 1 is the first row below the header. */
  row_number: z.number().int(),
  /** The cells as read, by CSV header. */
  values: z.record(z.string(), z.string()),
  /** Messages by import field ('non_field_errors' for the row as a whole); empty for a good row. */
  errors: z.record(z.string(), z.array(z.string())),
});
export type CustomerImportRow = z.infer<typeof customerImportRowSchema>;
export const customerImportRowPageSchema = pageOf(customerImportRowSchema);
