import { sql, type SQL } from 'drizzle-orm';
import { cadenceLabels } from '@paylane/shared/contracts/customers';
import { mergeFields, type MergeField } from '@paylane/shared/messaging';

// A body with merge fields rendered by the database, for a mass text's INSERT … SELECT: 100,000 bodies never
// travel to the server and back. It must say exactly what renderBody(mergeValuesOf(…)) says (the template
// preview); merge-fields.sql.test.ts holds them side by side. The statement names its tables c (customer),
// a (the account, or a row of nulls), pm (the payment method, or nulls), l (the location) and, when the body
// uses {{payment_link}}, pl (pl.token: this message's new pay link token, null when its account has nothing
// to pay, so the field is empty as in a chat send without an account).

const cadenceSql = sql.raw(
  `case a.cadence ${Object.entries(cadenceLabels)
    .map(([cadence, label]) => `when '${cadence}' then '${label}'`)
    .join(' ')} else '' end`,
);

// to_char's 'FM…0.00': thousands separators, two decimals, no padding (formatCurrency's en-US dollars).
const dollars = (cents: SQL) => sql`to_char(${cents}::numeric / 100, 'FM999,999,999,999,990.00')`;

export type BodySqlValues = {
  /** The sender's full name: {{collector_name}}. */
  collectorName: string;
  /** A pay link's URL before its token (payLinkUrlPrefix): {{payment_link}} is this and pl.token. */
  payLinkUrlPrefix: string;
};

function fieldSql(field: MergeField, values: BodySqlValues): SQL {
  switch (field) {
    case 'first_name':
      return sql`c.first_name`;
    case 'last_name':
      return sql`c.last_name`;
    case 'due_date':
      return sql`coalesce(to_char(a.due_date, 'MM/DD/YYYY'), '')`;
    case 'amount_due':
      return sql`case when a.amount_due_cents is null then ''
        when a.amount_due_cents < 0 then '($' || ${dollars(sql`abs(a.amount_due_cents)`)} || ')'
        else '$' || ${dollars(sql`a.amount_due_cents`)} end`;
    case 'cadence':
      return cadenceSql;
    case 'payment_method':
      return sql`concat_ws(' ', nullif(pm.nickname, ''),
        nullif(right(coalesce(pm.masked_card_number, pm.masked_account_number, ''), 8), ''))`;
    case 'payment_link':
      return sql`coalesce(${values.payLinkUrlPrefix}::text || pl.token, '')`;
    case 'location':
      return sql`coalesce(l.name, '')`;
    case 'account_number':
      return sql`coalesce(a.external_id, '')`;
    case 'vehicle_year':
      return sql`coalesce(a.vehicle_year::text, '')`;
    case 'vehicle_make':
      return sql`coalesce(a.vehicle_make, '')`;
    case 'vehicle_model':
      return sql`coalesce(a.vehicle_model, '')`;
    case 'collector_name':
      return sql`${values.collectorName}::text`;
  }
}

const placeholderPattern = /\{\{\s*([a-z_]+)\s*\}\}/g;
const isMergeField = (name: string): name is MergeField => (mergeFields as readonly string[]).includes(name);

/**
 * The body as one SQL text expression: its words as parameters, each known {{field}} as the column it names,
 * formatted as docs/product.md §9 shows it; unknown placeholders stay as written (renderBody's rule).
 */
export function renderedBodySql(body: string, values: BodySqlValues): SQL {
  const parts: SQL[] = [];
  let last = 0;
  for (const match of body.matchAll(placeholderPattern)) {
    const name = match[1] ?? '';
    if (!isMergeField(name)) continue;
    if (match.index > last) parts.push(sql`${body.slice(last, match.index)}::text`);
    parts.push(sql`(${fieldSql(name, values)})`);
    last = match.index + match[0].length;
  }
  if (last < body.length) parts.push(sql`${body.slice(last)}::text`);
  return parts.length === 0 ? sql`''::text` : sql.join(parts, sql` || `);
}
