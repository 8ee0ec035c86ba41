import { Column, getTableName, is, SQL, Subquery } from 'drizzle-orm';

// drizzle maps every row of a select by asking, for every field of every row, which kind of field it is
// (`is()` walks the field's prototype chain: a SQL field is tested against Column first). For the 50-row
// customer list that was 11 % of the route's CPU (issue 19's profile). A statement built once can have
// those answers worked out once too: this builds the row mapper when the statement is prepared.

type Decoder = { mapFromDriverValue(value: unknown): unknown };

/** One selected field as drizzle orders them: where it goes in the row object, and the field itself. */
type OrderedField = { path: string[]; field: unknown };

/** What drizzle's node-postgres prepared query keeps (set by the select builder; not in its public types). */
type PreparedInternals = {
  fields?: OrderedField[];
  joinsNotNullableMap?: Record<string, boolean>;
  customResultMapper?: (rows: unknown[][]) => unknown;
};

type FieldPlan = {
  path: string[];
  decoder: Decoder;
  /** A left-joined table's column nested as `{ table: { column } }`: its table, whose object is null when all are. */
  nullableTable: string | undefined;
};

/** A SQL fragment's decoder (its mapWith; internal to drizzle's types). */
const sqlDecoder = (fragment: unknown) => (fragment as { decoder: Decoder }).decoder;

/** The same choice drizzle's mapResultRow makes for each field, on every row. */
function decoderOf(field: unknown): Decoder {
  if (is(field, Column)) return field;
  if (is(field, SQL)) return sqlDecoder(field);
  if (is(field, Subquery)) return sqlDecoder(field._.sql);
  return sqlDecoder((field as SQL.Aliased).sql);
}

function planOf({ path, field }: OrderedField, joins: Record<string, boolean> | undefined): FieldPlan {
  const nested = joins !== undefined && path.length === 2 && is(field, Column);
  return { path, decoder: decoderOf(field), nullableTable: nested ? getTableName(field.table) : undefined };
}

const decode = (decoder: Decoder, raw: unknown) => (raw === null ? null : decoder.mapFromDriverValue(raw));

/** Rows of top-level fields only (most statements): one key per column. */
function flatMapper(plans: FieldPlan[]) {
  const keys = plans.map((plan) => plan.path[0] as string);
  const decoders = plans.map((plan) => plan.decoder);
  return (rows: unknown[][]) =>
    rows.map((row) => {
      const mapped: Record<string, unknown> = {};
      for (let i = 0; i < keys.length; i++)
        mapped[keys[i] as string] = decode(decoders[i] as Decoder, row[i]);
      return mapped;
    });
}

/**
 * Rows with nested objects, as drizzle builds them: a left-joined table's object is null when every one of its
 * columns is null (and it is not a table the query's joins make non-null).
 */
function nestedMapper(plans: FieldPlan[], joins: Record<string, boolean> | undefined) {
  return (rows: unknown[][]) =>
    rows.map((row) => {
      const mapped: Record<string, unknown> = {};
      // For each nested object: the one table all its columns came from while they are all null, else false.
      const nullIfAllNull = new Map<string, string | false>();
      plans.forEach(({ path, decoder, nullableTable }, index) => {
        let node = mapped;
        for (const key of path.slice(0, -1)) node = (node[key] ??= {}) as Record<string, unknown>;
        const value = decode(decoder, row[index]);
        node[path[path.length - 1] as string] = value;
        if (nullableTable === undefined) return;
        const objectName = path[0] as string;
        const seen = nullIfAllNull.get(objectName);
        if (seen === undefined) nullIfAllNull.set(objectName, value === null ? nullableTable : false);
        else if (seen !== false && seen !== nullableTable) nullIfAllNull.set(objectName, false);
      });
      for (const [objectName, table] of nullIfAllNull) {
        if (table !== false && !joins?.[table]) mapped[objectName] = null;
      }
      return mapped;
    });
}

/**
 * The prepared select with a row mapper built now, mapping exactly as drizzle would. Anything else (an insert
 * without returning, a statement drizzle already maps itself) is returned as it is.
 */
export function withRowsMappedOnce<S>(statement: S): S {
  const internals = statement as PreparedInternals;
  if (typeof statement !== 'object' || statement === null || !('fields' in statement)) {
    // Loud, so a drizzle upgrade that moves its fields fails the tests instead of quietly mapping slower.
    throw new Error('withRowsMappedOnce: not a drizzle node-postgres prepared query (no fields)');
  }
  if (!Array.isArray(internals.fields) || internals.customResultMapper) return statement;
  const joins = internals.joinsNotNullableMap;
  const plans = internals.fields.map((field) => planOf(field, joins));
  internals.customResultMapper = plans.every((plan) => plan.path.length === 1)
    ? flatMapper(plans)
    : nestedMapper(plans, joins);
  return statement;
}
