import { createReadStream } from 'node:fs';
import { access } from 'node:fs/promises';
import type { CampaignReportType } from '@app/contract/marketing/campaign-messages';
import type {
  ContactExport,
  ContactExportFilter,
  ContactExportFormat,
} from '@app/contract/marketing/contact-exports';
import { builtInFieldTags } from '@app/contract/marketing/contacts';
import type { Clock } from '../../../clock.ts';
import type { Db } from '../../../db/db.ts';
import { DomainError, invalidField } from '../../../domain-error.ts';
import type { CompanyDoor } from '../../company-door.ts';
import { fieldStore } from '../field-store.ts';
import { createLabelStore } from '../label-store.ts';
import { contactExportDownloadPath } from './export-runner.ts';
import { type ContactExportJob, contactExportStore as store } from './export-store.ts';

export interface ContactExportServiceDeps {
  db: Db;
  clock: Clock;
  company: CompanyDoor;
  /** Throws the segment's not-found error when the company has no such segment. */
  segmentCondition: (companyId: string, id: string) => Promise<unknown>;
  /** Throws the campaign's not-found error when the company has no such campaign. */
  reportCondition: (companyId: string, campaignId: string, type: CampaignReportType) => Promise<unknown>;
}

export type ContactExportService = ReturnType<typeof createContactExportService>;

const notFound = () =>
  new DomainError('entityNotFound', 'Export not found, or it has expired', { field: 'id' });

const view = (job: ContactExportJob): ContactExport => ({
  id: job.id,
  format: job.format,
  state: job.state,
  rowCount: job.rowCount,
  truncated: job.truncated,
  createdAt: job.createdAt.toISOString(),
  finishedAt: job.finishedAt?.toISOString() ?? null,
  downloadPath: job.state === 'done' ? contactExportDownloadPath(job.id) : null,
});

const mediaTypes: Record<ContactExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** Contact exports: asked for by a user, written by a worker, downloaded from the notification. */
export function createContactExportService(deps: ContactExportServiceDeps) {
  const { db, clock, company } = deps;
  const labels = createLabelStore(db);

  return {
    /** Queues the export of `filter`; its label and segment must be the company's. */
    async request(
      companyId: string,
      userId: string,
      body: ContactExportFilter & { format: ContactExportFormat },
    ): Promise<ContactExport> {
      const { format, ...filter } = body;
      if ((filter.field === undefined) !== (filter.value === undefined)) {
        throw invalidField(
          filter.field === undefined ? 'field' : 'value',
          'A field filter takes a field and a value',
        );
      }
      if ((filter.campaign === undefined) !== (filter.report === undefined)) {
        throw invalidField(
          filter.campaign === undefined ? 'campaign' : 'report',
          'A report filter takes a campaign and one of its report types',
        );
      }
      if (filter.segment) await deps.segmentCondition(companyId, filter.segment);
      if (filter.campaign && filter.report)
        await deps.reportCondition(companyId, filter.campaign, filter.report);
      if (
        filter.field !== undefined &&
        !(builtInFieldTags as readonly string[]).includes(filter.field) &&
        !(await fieldStore.list(db, companyId)).some((field) => field.tag === filter.field)
      ) {
        throw invalidField('field', 'No field of the contact book has this tag', filter.field);
      }
      if (filter.label && (await labels.owned(db, companyId, [filter.label])).length === 0) {
        throw new DomainError('entityNotFound', 'Label not found', { field: 'label', value: filter.label });
      }
      const job = await db.transaction(async (tx) => {
        await company.lock(tx, companyId);
        return store.create(tx, { companyId, userId, format, filter }, clock.now());
      });
      return view(job);
    },

    list: async (companyId: string) => (await store.list(db, companyId, clock.now())).map(view),

    async get(companyId: string, id: string): Promise<ContactExport> {
      const job = await store.find(db, companyId, id, clock.now());
      if (!job) throw notFound();
      return view(job);
    },

    /** The written file of a done export of the company, to stream, with its name and media type. */
    async file(companyId: string, id: string) {
      const job = await store.find(db, companyId, id, clock.now());
      if (job?.state !== 'done' || !job.filePath) throw notFound();
      // A DATA_DIR restored without its exports.
      if (
        !(await access(job.filePath).then(
          () => true,
          () => false,
        ))
      )
        throw notFound();
      const day = job.createdAt.toISOString().slice(0, 10);
      return {
        name: `contacts-${day}.${job.format}`,
        type: mediaTypes[job.format],
        stream: createReadStream(job.filePath),
      };
    },
  };
}
