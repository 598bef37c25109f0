import {
  maxValidationListAddresses,
  maxValidationListBytes,
  type RecipientValidationJob,
  recipientValidationJob,
  recipientValidationJobParams,
  recipientValidationResult,
  recipientValidationSingleParams,
  results,
} from '@app/contract/engine/index';
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf, requireGrant } from '../../http/principal.ts';
import { conflict, notFound, sparkpostError } from '../../http/sparkpost-errors.ts';
import { readAddressCsv } from './address-csv.ts';
import type { RecipientValidator } from './recipient-validator.ts';
import { resultsCsv } from './results-csv.ts';
import type { SingleQuota } from './single-quota.ts';
import { singleValidationsPerMinute } from './single-quota.ts';
import {
  maxValidationListsKept,
  type ValidationJob,
  type ValidationJobStore,
  type Viewer,
  validationListKeptDays,
} from './validation-job-store.ts';

const tags = ['recipient-validation'];
const manage = requireGrant('recipient-validation/manage');
const maxListMegabytes = maxValidationListBytes / (1024 * 1024);

const viewerOf = (request: FastifyRequest): Viewer => {
  const { companyId, subaccountId, isMaster } = principalOf(request);
  return { companyId, subaccountId, isMaster };
};

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

function viewOf(job: ValidationJob): RecipientValidationJob {
  const complete = job.status === 'success';
  return {
    list_id: job.id,
    original_filename: job.originalFilename,
    batch_status: job.status,
    complete,
    address_count: job.addressCount,
    addresses_validated: job.validatedCount,
    upload_timestamp: seconds(job.createdAt),
    ...(job.completedAt ? { complete_timestamp: seconds(job.completedAt) } : {}),
    ...(complete ? { results_url: `/api/v1/recipient-validation/job/${job.id}/results` } : {}),
    ...(job.subaccountId !== 0 ? { subaccount_id: job.subaccountId } : {}),
  };
}

const badList = (description: string) => sparkpostError(400, 'invalid data format/type', '1300', description);
const noSuchList = (id: string) => notFound(`No recipient validation list with id ${id}`);

/** The uploaded CSV's file name and addresses; every refusal names what is wrong and nothing is kept. */
async function uploadedList(request: FastifyRequest): Promise<{ filename: string; addresses: string[] }> {
  if (!request.isMultipart()) {
    throw badList('Upload the list as multipart/form-data, the CSV file in one file field');
  }
  const file = await request.file({ limits: { fileSize: maxValidationListBytes, files: 1 } });
  if (!file) throw badList('The upload has no file: send the CSV in a file field');
  // Past the size limit the file's stream ends early and says so: whatever the rows up to there were.
  const tooLarge = () =>
    sparkpostError(
      413,
      'request too large',
      '1300',
      `The file is larger than ${maxListMegabytes} MB, the most one upload may be; split it and upload each part`,
    );
  let addresses: string[];
  try {
    addresses = await readAddressCsv(file.file);
  } catch (error) {
    if (file.file.truncated) throw tooLarge();
    throw error;
  }
  if (file.file.truncated) throw tooLarge();
  // Kept as a label only: control characters (NUL is not storable) dropped, its length bounded.
  const filename = file.filename.replace(/\p{Cc}/gu, '').slice(0, 255);
  return { filename: filename || 'list.csv', addresses };
}

/**
 * `/api/v1/recipient-validation`: single addresses, and CSV lists validated by the workers once
 * triggered (SparkPost's upload, trigger, job and list routes), with the results as CSV.
 */
export function recipientValidationRoutes({
  validator,
  jobs,
  quota,
}: {
  validator: RecipientValidator;
  jobs: ValidationJobStore;
  quota: SingleQuota;
}): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(multipart, { limits: { fileSize: maxValidationListBytes, files: 1, fields: 10 } });

    app.get(
      '/recipient-validation/single/:address',
      {
        onRequest: manage,
        schema: {
          tags,
          summary: 'Validate one address: syntax, domain (MX, then A/AAAA), role, disposable, free, typo',
          params: recipientValidationSingleParams,
          response: { 200: results(recipientValidationResult) },
        },
      },
      async (request) => {
        const taken = quota.take(principalOf(request).companyId);
        if (!taken.ok) {
          throw sparkpostError(
            429,
            'too many requests',
            '1003',
            `At most ${singleValidationsPerMinute} single validations a minute per account; try again in ${taken.retryAfterSeconds} s, or upload a list`,
          );
        }
        return { results: await validator.validate(request.params.address) };
      },
    );

    app.post(
      '/recipient-validation/upload',
      {
        onRequest: manage,
        schema: {
          tags,
          summary: `Upload a CSV list (one address a row, optional header; at most ${maxValidationListAddresses.toLocaleString('en-US')} rows and ${maxListMegabytes} MB); trigger it to validate`,
          response: { 200: results(recipientValidationJob) },
        },
      },
      async (request) => {
        const { companyId, subaccountId } = principalOf(request);
        const { filename, addresses } = await uploadedList(request);
        const job = await jobs.create(companyId, subaccountId, filename, addresses);
        if (job === 'tooMany') {
          throw badList(
            `The account keeps ${maxValidationListsKept} lists already, the most it may; each is deleted ${validationListKeptDays} days after its upload`,
          );
        }
        return { results: viewOf(job) };
      },
    );

    app.post(
      '/recipient-validation/trigger/:list_id',
      {
        onRequest: manage,
        schema: {
          tags,
          summary: 'Start validating an uploaded list, or resume one that failed (otherwise no change)',
          params: recipientValidationJobParams,
          response: { 200: results(recipientValidationJob) },
        },
      },
      async (request) => {
        const job = await jobs.trigger(viewerOf(request), request.params.list_id);
        if (!job) throw noSuchList(request.params.list_id);
        return { results: viewOf(job) };
      },
    );

    app.get(
      '/recipient-validation/job/:list_id',
      {
        onRequest: manage,
        schema: {
          tags,
          summary: "A list's status and progress",
          params: recipientValidationJobParams,
          response: { 200: results(recipientValidationJob) },
        },
      },
      async (request) => {
        const job = await jobs.get(viewerOf(request), request.params.list_id);
        if (!job) throw noSuchList(request.params.list_id);
        return { results: viewOf(job) };
      },
    );

    app.get(
      '/recipient-validation/list',
      {
        onRequest: manage,
        schema: {
          tags,
          summary: "The account's lists, newest first (the master's: every account's)",
          response: { 200: results(z.array(recipientValidationJob)) },
        },
      },
      async (request) => ({ results: (await jobs.list(viewerOf(request))).map(viewOf) }),
    );

    app.get(
      '/recipient-validation/job/:list_id/results',
      {
        onRequest: manage,
        schema: {
          tags,
          summary: "A validated list's results as CSV: each address with the single validation's fields",
          params: recipientValidationJobParams,
        },
      },
      async (request, reply) => {
        const job = await jobs.get(viewerOf(request), request.params.list_id);
        if (!job) throw noSuchList(request.params.list_id);
        if (job.status !== 'success') {
          throw conflict(
            `The list is not validated yet (${job.status}: ${job.validatedCount} of ${job.addressCount} addresses)`,
          );
        }
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${job.id}-results.csv"`)
          .send(resultsCsv(jobs, job.id));
      },
    );
  };
}
