import type { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  IMPORT_FILE_FIELD,
  customerImportMappingWriteSchema,
  customerImportPageSchema,
  customerImportRowPageSchema,
  customerImportRowsQuerySchema,
  customerImportSchema,
} from '@paylane/shared/contracts/customer-imports';
import { pageQuerySchema } from '@paylane/shared/contracts/paging';
import { messages } from '@paylane/shared/messages';
import { validationMessages } from '@paylane/shared/validation';
import type { AppContext } from '../../context';
import { fieldError, tooLarge } from '../../kit/errors';
import { buildErrorReport } from './customer-imports.report';
import {
  getCustomerImport,
  listCustomerImportRows,
  listCustomerImports,
  mapCustomerImport,
  startCustomerImport,
  uploadCustomerImport,
} from './customer-imports.service';
import { pageAnswer } from '../../kit/paging';
import { actorOf, merchantIdOf } from '../../kit/actor';
import { merchantParams, idOrNotFound } from '../../kit/path-params';

const importParams = merchantParams.extend({ import_id: z.string() });
const merchantOf = (request: FastifyRequest) => merchantIdOf(request);

/**
 * The file's bytes as they arrive; past `limit` bytes (the multipart parser stops there and marks the file
 * truncated) the reading ends with 413, so an oversized file costs at most the limit. Whatever the reader
 * leaves (a refused file) is read and dropped, so the client gets the answer rather than a reset connection.
 */
async function* fileChunks(file: Readable & { truncated?: boolean }): AsyncGenerator<Uint8Array> {
  try {
    for await (const chunk of file.iterator({ destroyOnReturn: false }) as AsyncIterable<Buffer>) {
      if (file.truncated) throw tooLarge(messages.importTooLarge);
      yield chunk;
    }
    if (file.truncated) throw tooLarge(messages.importTooLarge);
  } finally {
    file.resume();
  }
}

/** The one file of the request, to be read as it streams in. */
async function readUpload(request: FastifyRequest, limit: number) {
  const part = request.isMultipart() ? await request.file({ limits: { fileSize: limit } }) : undefined;
  if (!part || part.fieldname !== IMPORT_FILE_FIELD)
    throw fieldError(IMPORT_FILE_FIELD, validationMessages.required);
  return { fileName: part.filename, chunks: fileChunks(part.file) };
}

/** docs/product.md §2 /customers/import: upload, map and check, preview, start, progress, error report. */
export const customerImportRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const config = { access: { merchant: 'importCustomers' } } as const;
  const base = '/api/merchants/:merchant_id/customer_imports/';

  app.get(
    base,
    {
      config,
      schema: {
        params: merchantParams,
        querystring: pageQuerySchema,
        response: { 200: customerImportPageSchema },
      },
    },
    async (request) =>
      pageAnswer(request, await listCustomerImports(ctx, merchantOf(request), request.query)),
  );

  app.post(
    base,
    { config, schema: { params: merchantParams, response: { 201: customerImportSchema } } },
    async (request, reply) => {
      const file = await readUpload(request, ctx.config.importLimitBytes);
      return reply.status(201).send(await uploadCustomerImport(ctx, actorOf(request), file));
    },
  );

  app.get(
    `${base}:import_id/`,
    { config, schema: { params: importParams, response: { 200: customerImportSchema } } },
    (request) => getCustomerImport(ctx, merchantOf(request), idOrNotFound(request.params.import_id)),
  );

  app.put(
    `${base}:import_id/mapping/`,
    {
      config,
      schema: {
        params: importParams,
        body: customerImportMappingWriteSchema,
        response: { 200: customerImportSchema },
      },
    },
    (request) =>
      mapCustomerImport(ctx, actorOf(request), idOrNotFound(request.params.import_id), request.body.mapping),
  );

  app.get(
    `${base}:import_id/rows/`,
    {
      config,
      schema: {
        params: importParams,
        querystring: customerImportRowsQuerySchema,
        response: { 200: customerImportRowPageSchema },
      },
    },
    async (request) =>
      pageAnswer(
        request,
        await listCustomerImportRows(
          ctx,
          merchantOf(request),
          idOrNotFound(request.params.import_id),
          request.query,
        ),
      ),
  );

  app.post(
    `${base}:import_id/start/`,
    { config, schema: { params: importParams, response: { 202: customerImportSchema } } },
    async (request, reply) =>
      reply
        .status(202)
        .send(await startCustomerImport(ctx, merchantOf(request), idOrNotFound(request.params.import_id))),
  );

  app.get(
    `${base}:import_id/errors.csv`,
    { config, schema: { params: importParams } },
    async (request, reply) => {
      const report = await buildErrorReport(ctx, merchantOf(request), idOrNotFound(request.params.import_id));
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${report.fileName}"`)
        .header('cache-control', 'no-store')
        .send(report.csv);
    },
  );
};
