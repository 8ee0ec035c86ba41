import { isDeepStrictEqual } from 'node:util';
import fastJsonStringify from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { createSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { $ZodType } from 'zod/v4/core';

type Serialize = (data: unknown) => string;
type RouteSchema = Parameters<FastifySerializerCompiler<z.ZodType>>[0];

const zodSerializerCompiler = createSerializerCompiler({});

/**
 * Response serialization compiled once per schema (issue 19): each route's zod response schema becomes a JSON
 * Schema at start and fast-json-stringify compiles it into a function that writes only the declared fields, so
 * a list of 50 rows is not re-validated field by field on every request. A schema JSON Schema cannot express
 * (a transform) keeps zod's encode.
 *
 * `checked` (tests): every response also goes through zod's encode, which must succeed, and the compiled output
 * must equal it — so a handler whose rows drift from the schema, or a schema the compiler reads differently
 * from zod, fails the test that made the request.
 */
export function responseSerializerCompiler(options: { checked: boolean }) {
  const compiled = new WeakMap<object, Serialize>();
  const compileOnce = (schema: $ZodType): Serialize => {
    const known = compiled.get(schema);
    if (known) return known;
    const serialize = compileSchema(schema);
    compiled.set(schema, serialize);
    return serialize;
  };
  return (route: RouteSchema): Serialize => {
    const schema = zodSchemaOf(route.schema);
    const fast = compileOnce(schema);
    if (!options.checked) return fast;
    const zodSerialize = zodSerializerCompiler(route) as Serialize;
    return (data) => {
      const expected = zodSerialize(data);
      const actual = fast(data);
      if (!isDeepStrictEqual(JSON.parse(actual), JSON.parse(expected))) {
        throw new Error(
          `The compiled serializer of ${route.method} ${route.url} wrote ${actual.slice(0, 400)}, zod wrote ${expected.slice(0, 400)}`,
        );
      }
      return actual;
    };
  };
}

// zod's core type: both classic schemas and zod/mini ones (the sign-in contract) are instances of it.
function zodSchemaOf(schema: unknown): $ZodType {
  if (schema instanceof $ZodType) return schema;
  const properties = (schema as { properties?: unknown } | null)?.properties;
  if (properties instanceof $ZodType) return properties;
  throw new Error(`A response schema must be a zod schema: ${JSON.stringify(schema)}`);
}

function compileSchema(schema: $ZodType): Serialize {
  let jsonSchema: Record<string, unknown>;
  try {
    jsonSchema = z.toJSONSchema(schema, { io: 'output', target: 'draft-7' }) as Record<string, unknown>;
  } catch {
    // Not expressible as JSON Schema (a transform, a custom type): zod encodes it on each response.
    return (data) => {
      const result = z.encode(schema, data as never);
      return JSON.stringify(result);
    };
  }
  return fastJsonStringify(jsonSchema as never) as Serialize;
}
