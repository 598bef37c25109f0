import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { FormAnswer, FormComponent, FormSubmissionFile } from '@app/contract/marketing/forms';
import { uploadTooLargeMessage } from '@app/contract/rules/upload';
import { ensureWithinLimit, planLimitOf } from '../../accounts/plans/plan-catalogue.ts';
import type { Clock } from '../../clock.ts';
import { createDiskFileStore } from '../../content/media/disk-file-store.ts';
import type { FileStore } from '../../content/media/file-store.ts';
import { checkUpload, maxUploadBytes } from '../../content/media/media-types.ts';
import { peek, upTo } from '../../content/media/upload-stream.ts';
import type { Db } from '../../db/db.ts';
import { invalidField } from '../../domain-error.ts';
import type { FormRow } from './form-store.ts';

/** The forms' files on disk: a folder of MEDIA_DIR of their own, apart from the File Manager's. */
export const formFileStoreIn = (mediaDir: string) => createDiskFileStore(path.join(mediaDir, 'form-uploads'));

/** A received file waits this long for the submission that names it; then it is removed. */
export const unclaimedUploadMs = 60 * 60_000;
/** Unclaimed files removed per housekeeping round. */
const purgeBatch = 500;

interface UploadRow {
  id: string;
  company_id: string;
  submission_id: string | null;
  component_id: string;
  name: string;
  content_type: string;
  size: string;
}

const columns =
  'id::text AS id, company_id, submission_id::text AS submission_id, component_id, name, content_type, size::text AS size';
const keyOf = (row: Pick<UploadRow, 'company_id' | 'id'>) => `${row.company_id}/${row.id}`;
/** Is `value` shaped like a received file's id (what an Upload File field's answer holds)? */
export const isUploadId = (value: string) =>
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(value);
const uploadFields = (form: Pick<FormRow, 'components'>) =>
  form.components.filter((component) => component.type === 'uploadFile');
/** The Upload File fields a submission answers (names a file for). */
const answeredUploadFields = (
  form: Pick<FormRow, 'components'>,
  answers: Readonly<Record<string, FormAnswer>>,
) => uploadFields(form).filter((component) => answers[component.id] !== undefined);
const fileOf = (row: UploadRow): FormSubmissionFile => ({
  id: row.id,
  fieldId: row.component_id,
  name: row.name,
  size: Number(row.size),
  type: row.content_type,
});
const expired = (component: FormComponent) =>
  invalidField(
    component.setting.title,
    'The file was not received or waited too long: choose it again',
    component.id,
  );

export type FormUploads = ReturnType<typeof createFormUploads>;

/**
 * The files of forms' Upload File fields (§9): received from a visitor one at a time (§5 types, 20 MB,
 * the company's formUploadLimit), claimed by the submission that names them, read back only by the
 * company. Their bytes are in `files`, out of the database.
 */
export function createFormUploads(deps: { db: Db; clock: Clock; files: FileStore }) {
  const { db, clock, files } = deps;

  return {
    /**
     * Keeps one file sent to the Upload File field `fieldId` of the published `form`; the submission
     * names it by the id returned. Refused: not an upload field, a type §5 does not allow, an empty
     * or oversized file, no room left in the plan. Nothing is kept of a refused file.
     */
    async receive(
      form: FormRow,
      fieldId: string,
      fileName: string,
      source: AsyncIterable<Buffer>,
    ): Promise<FormSubmissionFile> {
      const component = uploadFields(form).find((candidate) => candidate.id === fieldId);
      if (!component) throw invalidField('field', 'This form has no file field with this id', fieldId);
      const fail = (cause: string) => invalidField(component.setting.title, cause, component.id);
      let size = 0;
      const counted = async function* () {
        for await (const chunk of upTo(maxUploadBytes, source, () => fail(uploadTooLargeMessage(fileName)))) {
          size += chunk.length;
          yield chunk;
        }
      };
      const { head, chunks } = await peek(counted(), 4096);
      if (head.length === 0) throw fail(`The file ${fileName} is empty`);
      const checked = checkUpload(fileName, head);
      if ('refused' in checked) throw fail(checked.refused);
      const row: UploadRow = {
        id: randomUUID(),
        company_id: form.company_id,
        submission_id: null,
        component_id: component.id,
        name: checked.name,
        content_type: checked.contentType,
        size: '0',
      };
      await files.write(keyOf(row), chunks);
      row.size = String(size);
      try {
        await db.transaction(async (tx) => {
          // The company's files are counted and this one added as one step: two uploads never both take the last room.
          await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`form_uploads:${form.company_id}`]);
          const limit = await planLimitOf(tx, form.company_id, 'forms', 'formUploadLimit');
          const used = await tx.one<{ bytes: string }>(
            'SELECT coalesce(sum(size), 0)::text AS bytes FROM form_uploads WHERE company_id = $1',
            [form.company_id],
          );
          ensureWithinLimit(limit, {
            group: 'forms',
            subFeature: 'formUploadLimit',
            used: Number(used.bytes),
            adding: size,
          });
          await tx.query(
            `INSERT INTO form_uploads (id, company_id, form_id, component_id, name, content_type, size, created_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
            [
              row.id,
              row.company_id,
              form.id,
              row.component_id,
              row.name,
              row.content_type,
              size,
              clock.now(),
            ],
          );
        });
      } catch (error) {
        await files.remove(keyOf(row));
        throw error;
      }
      return fileOf(row);
    },

    /** Does the submission name a file? (Then claiming it is part of keeping the submission.) */
    namesFiles: (form: FormRow, answers: Readonly<Record<string, FormAnswer>>) =>
      answeredUploadFields(form, answers).length > 0,

    /**
     * Checks that every file a submission names was received for that field of this form and is
     * still unclaimed (before anything of the submission is kept): a validation error on the field
     * otherwise.
     */
    async ensureWaiting(form: FormRow, answers: Readonly<Record<string, FormAnswer>>): Promise<void> {
      const named = answeredUploadFields(form, answers);
      if (named.length === 0) return;
      const waiting = await db.query<{ id: string; component_id: string }>(
        `SELECT id::text AS id, component_id FROM form_uploads
         WHERE id = ANY($1::uuid[]) AND form_id = $2 AND submission_id IS NULL`,
        [named.map((component) => answers[component.id]), form.id],
      );
      const found = new Set(waiting.map((row) => `${row.component_id} ${row.id}`));
      const missing = named.find((component) => !found.has(`${component.id} ${answers[component.id]}`));
      if (missing) throw expired(missing);
    },

    /** Gives the submission `submissionId` the files it names (in its transaction `tx`); their names by id. */
    async claim(
      tx: Db,
      form: FormRow,
      submissionId: string,
      answers: Readonly<Record<string, FormAnswer>>,
    ): Promise<Map<string, string>> {
      const named = answeredUploadFields(form, answers);
      if (named.length === 0) return new Map();
      const claimed = await tx.query<{ id: string; component_id: string; name: string }>(
        `UPDATE form_uploads SET submission_id = $1
         WHERE id = ANY($2::uuid[]) AND form_id = $3 AND submission_id IS NULL
         RETURNING id::text AS id, component_id, name`,
        [submissionId, named.map((component) => answers[component.id]), form.id],
      );
      const byField = new Map(claimed.map((row) => [row.component_id, row]));
      const missing = named.find((component) => byField.get(component.id)?.id !== answers[component.id]);
      if (missing) throw expired(missing);
      return new Map(claimed.map((row) => [row.id, row.name]));
    },

    /** The files of the company's submissions `submissionIds`, by submission. */
    async ofSubmissions(
      companyId: string,
      submissionIds: readonly string[],
    ): Promise<Map<string, FormSubmissionFile[]>> {
      const bySubmission = new Map<string, FormSubmissionFile[]>();
      if (submissionIds.length === 0) return bySubmission;
      const rows = await db.query<UploadRow>(
        `SELECT ${columns} FROM form_uploads WHERE company_id = $1 AND submission_id = ANY($2::bigint[])`,
        [companyId, submissionIds],
      );
      for (const row of rows) {
        const id = row.submission_id as string;
        bySubmission.set(id, [...(bySubmission.get(id) ?? []), fileOf(row)]);
      }
      return bySubmission;
    },

    /** One file of the company's submission, with its bytes; undefined when there is no such file. */
    async open(
      companyId: string,
      formId: string,
      submissionId: string,
      fileId: string,
    ): Promise<(FormSubmissionFile & { body: Readable }) | undefined> {
      if (!isUploadId(fileId)) return undefined;
      const row = await db.maybeOne<UploadRow>(
        `SELECT ${columns} FROM form_uploads
         WHERE company_id = $1 AND form_id = $2 AND submission_id = $3 AND id = $4::uuid`,
        [companyId, formId, submissionId, fileId],
      );
      const body = row && (await files.read(keyOf(row)));
      return row && body ? { ...fileOf(row), body } : undefined;
    },

    /**
     * Removes the form `formId`'s files along with it: `remove` deletes the form (its rows go with
     * it), then the bytes are removed. What `remove` answers is returned.
     */
    async removingForm(companyId: string, formId: string, remove: () => Promise<boolean>): Promise<boolean> {
      const rows = await db.query<UploadRow>(
        `SELECT ${columns} FROM form_uploads WHERE company_id = $1 AND form_id = $2`,
        [companyId, formId],
      );
      const removed = await remove();
      if (removed) for (const row of rows) await files.remove(keyOf(row));
      return removed;
    },

    /** Housekeeping: files never claimed by a submission within the hour go (their rows first: a late claim fails). */
    async purgeUnclaimed(): Promise<void> {
      const rows = await db.query<UploadRow>(
        `DELETE FROM form_uploads WHERE submission_id IS NULL AND id IN (
           SELECT id FROM form_uploads WHERE submission_id IS NULL AND created_at < $1 LIMIT ${purgeBatch})
         RETURNING ${columns}`,
        [new Date(clock.now().getTime() - unclaimedUploadMs)],
      );
      for (const row of rows) await files.remove(keyOf(row));
    },
  };
}
