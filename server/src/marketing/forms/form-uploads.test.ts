import { describe, expect, it } from 'vitest';
import { setCompanyLimit } from '../../accounts/plans/plan-catalogue.ts';
import { maxUploadBytes } from '../../content/media/media-types.ts';
import { databases } from '../../testing/databases.ts';
import { useFormTests } from '../../testing/forms.ts';
import { multipart } from '../../testing/multipart.ts';
import { createFormUploads, formFileStoreIn, unclaimedUploadMs } from './form-uploads.ts';

const pdf = (size = 300) => Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(size - 9, 0x41)]);

/** A job application: an email, and a required CV (a file); nothing is saved to the contacts. */
const applicationForm = {
  name: 'Apply',
  components: [
    { id: 'email', type: 'inputText', setting: { title: 'Your email', required: true } },
    { id: 'cv', type: 'uploadFile', setting: { title: 'Your CV', required: true } },
  ],
  saveToContact: false,
};

describe.each(databases)('files sent with forms on $name', (database) => {
  const { t, create, publish, solved, submit, accounts } = useFormTests(database);

  const send = (formId: string, field: string, name: string, bytes: Buffer, ip = '198.51.100.20') => {
    const body = multipart([{ name, bytes }]);
    return t.app.inject({
      method: 'POST',
      url: `/embed/forms/${formId}/files?field=${field}`,
      headers: { ...body.headers, origin: 'https://jobs.example' },
      payload: body.payload,
      remoteAddress: ip,
    });
  };
  const published = async () => {
    const { a } = accounts();
    const id = await create(a, applicationForm);
    await publish(a, id);
    return id;
  };

  it("takes a visitor's file with the submission; only the company downloads it, as an attachment", async () => {
    const { a, b } = accounts();
    const id = await published();
    const sent = await send(id, 'cv', 'my CV (final)!.pdf', pdf());
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.headers['access-control-allow-origin']).toBe('*');
    const file = sent.json().data;
    expect(file).toMatchObject({ fieldId: 'cv', name: 'myCVfinal.pdf', size: 300, type: 'application/pdf' });

    const submitted = await submit(id, {
      answers: { email: 'ada@applicant.test', cv: file.id },
      captcha: await solved(id),
    });
    expect(submitted.statusCode, submitted.body).toBe(200);
    const [submission] = (await t.get(`/v1/forms/${id}/submissions`, a.token)).json().data.items;
    expect(submission.answers.cv).toBe(file.id);
    expect(submission.files).toEqual([file]);

    const path = `/v1/forms/${id}/submissions/${submission.id}/files/${file.id}`;
    const download = await t.get(path, a.token);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toBe('attachment; filename="myCVfinal.pdf"');
    expect(download.headers['content-security-policy']).toBe('sandbox');
    expect(download.rawPayload.equals(pdf())).toBe(true);
    expect((await t.get(path, b.token)).statusCode).toBe(404);
    expect((await t.get(`/v1/forms/${id}/submissions/${submission.id}/files/nope`, a.token)).statusCode).toBe(
      404,
    );

    const csv = await t.get(`/v1/forms/${id}/submissions/export`, a.token);
    expect(csv.body).toContain('ada@applicant.test,myCVfinal.pdf');

    // A file counts for one submission only.
    const again = await submit(id, {
      answers: { email: 'eve@applicant.test', cv: file.id },
      captcha: await solved(id),
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().payload).toMatchObject({
      field: 'Your CV',
      cause: 'The file was not received or waited too long: choose it again',
    });
  });

  it('refuses a file of another type, too large, empty, or for a field that takes none, and keeps nothing', async () => {
    const id = await published();
    const refused = async (response: Awaited<ReturnType<typeof send>>) => {
      expect(response.statusCode, response.body).toBe(400);
      return response.json().payload.cause;
    };
    expect(await refused(await send(id, 'cv', 'run.exe', pdf()))).toMatch(
      /^Files of this type cannot be uploaded; allowed: jpg/,
    );
    expect(await refused(await send(id, 'cv', 'huge.pdf', Buffer.alloc(maxUploadBytes + 1, 0x25)))).toBe(
      'The file huge.pdf is larger than 20 MB: a file may be at most 20 MB',
    );
    expect(await refused(await send(id, 'cv', 'fake.png', pdf()))).toBe('The file is not a png image');
    expect(await refused(await send(id, 'cv', 'empty.pdf', Buffer.alloc(0)))).toBe(
      'The file empty.pdf is empty',
    );
    expect(await refused(await send(id, 'email', 'cv.pdf', pdf()))).toBe(
      'This form has no file field with this id',
    );
    const notMultipart = await t.app.inject({
      method: 'POST',
      url: `/embed/forms/${id}/files?field=cv`,
      payload: { file: 'x' },
    });
    expect(notMultipart.json().payload.cause).toBe(
      'Send the file as multipart/form-data, in a part named file',
    );
    const kept = await t.db.one<{ count: number }>(
      'SELECT count(*)::int AS count FROM form_uploads WHERE form_id = $1',
      [id],
    );
    expect(kept.count).toBe(0);
    // An answer that is not a received file's id.
    const forged = await submit(id, {
      answers: { email: 'x@applicant.test', cv: '../../etc/passwd' },
      captcha: await solved(id),
    });
    expect(forged.json().payload).toMatchObject({ field: 'Your CV', cause: 'Choose the file again' });
  });

  it('takes no file for a form that takes no more submissions', async () => {
    const { a } = accounts();
    const id = await create(a, {
      ...applicationForm,
      settings: { limit: true, limitForm: 1, limitMessage: 'Applications are closed.' },
    });
    await publish(a, id);
    const cv = (await send(id, 'cv', 'cv.pdf', pdf())).json().data;
    expect(
      (await submit(id, { answers: { email: 'first@applicant.test', cv: cv.id }, captcha: await solved(id) }))
        .statusCode,
    ).toBe(200);
    const late = await send(id, 'cv', 'late.pdf', pdf());
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 'state', message: 'Applications are closed.' });
  });

  it("holds the company's files to its plan's form upload storage", async () => {
    const { a } = accounts();
    const id = await published();
    // Room for 1,000 bytes more than the files the other tests kept.
    const kept = await t.db.one<{ bytes: number }>(
      'SELECT coalesce(sum(size), 0)::int AS bytes FROM form_uploads WHERE company_id = $1',
      [a.companyId],
    );
    await setCompanyLimit(t.db, a.companyId, 'formUploadLimit', kept.bytes + 1000);
    try {
      expect((await send(id, 'cv', 'one.pdf', pdf(600))).statusCode).toBe(201);
      const over = await send(id, 'cv', 'two.pdf', pdf(600));
      expect(over.statusCode).toBe(409);
      expect(over.json()).toMatchObject({
        code: 'quotaExceeded',
        payload: { feature: 'forms', subfeature: 'formUploadLimit' },
      });
    } finally {
      await setCompanyLimit(t.db, a.companyId, 'formUploadLimit', null);
    }
  });

  it('removes a file no submission named within the hour, and the files of a deleted form', async () => {
    const { a } = accounts();
    const id = await published();
    const files = formFileStoreIn(t.config.media.dir);
    const uploads = createFormUploads({ db: t.db, clock: t.clock, files });
    const late = (await send(id, 'cv', 'late.pdf', pdf())).json().data;
    const kept = (await send(id, 'cv', 'kept.pdf', pdf())).json().data;
    expect(
      (await submit(id, { answers: { email: 'k@applicant.test', cv: kept.id }, captcha: await solved(id) }))
        .statusCode,
    ).toBe(200);

    t.clock.advance(unclaimedUploadMs + 60_000);
    await uploads.purgeUnclaimed();
    expect(await files.read(`${a.companyId}/${late.id}`)).toBeUndefined();
    const tooLate = await submit(id, {
      answers: { email: 'l@applicant.test', cv: late.id },
      captcha: await solved(id),
    });
    expect(tooLate.json().payload.cause).toBe(
      'The file was not received or waited too long: choose it again',
    );

    const stream = await files.read(`${a.companyId}/${kept.id}`);
    expect(stream).toBeDefined();
    stream?.destroy();
    await t.post(`/v1/forms/${id}/publish`, a.token, { publish: false });
    expect((await t.call('DELETE', `/v1/forms/${id}`, a.token)).statusCode).toBe(200);
    expect(await files.read(`${a.companyId}/${kept.id}`)).toBeUndefined();
  });
});
