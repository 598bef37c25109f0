import { formatSize } from '@app/contract';
import type { Form, FormAnswer, FormSubmissionRecord } from '@app/contract/marketing/forms';
import {
  $location,
  Alert,
  AppLink,
  Button,
  CodeBlock,
  type Column,
  CopyField,
  DataTable,
  downloadFile,
  EmptyState,
  formatUserDateTime,
  LoadStatus,
  navigate,
  Panel,
  RoleLockedButton,
  roleAllows,
  StatusTag,
  useLoad,
} from '@app/shared';
import { useStore } from '@nanostores/react';
import { listHref, listViewOf } from '../lists/list-view.ts';
import { Pager } from '../lists/Pager.tsx';
import { SaveAsTemplateButton } from '../templates/SaveAsTemplateButton.tsx';
import type { FormApi } from './api.ts';
import { FormOfRoute } from './FormOfRoute.tsx';
import { FormStatus } from './FormStatus.tsx';
import { embedSnippet, iframeSnippet } from './form-draft.ts';

const stateView = {
  pending: { label: 'Waiting for confirmation', variant: 'warning' },
  confirmed: { label: 'Confirmed', variant: 'success' },
  saved: { label: 'Received', variant: 'neutral' },
} as const;

/** An answer as the table shows it: the chosen options' labels, not their ids. */
function answerText(form: Form, id: string, answer: FormAnswer | undefined): string {
  if (answer === undefined) return '';
  const options = form.components.find((component) => component.id === id)?.setting.options;
  const labels = new Map((options ?? []).map((option) => [option.optionId, option.label]));
  return (Array.isArray(answer) ? answer : [answer]).map((value) => labels.get(value) ?? value).join(', ');
}

/** An Upload File answer: the file's name, downloaded on a click (it is never shown in the console). */
function FileAnswer({
  api,
  form,
  submission,
  fileId,
}: {
  api: FormApi;
  form: Form;
  submission: FormSubmissionRecord;
  fileId: FormAnswer | undefined;
}) {
  const file = submission.files.find((candidate) => candidate.id === fileId);
  if (!file) return <span className="muted">—</span>;
  return (
    <Button
      variant="text"
      size="small"
      onClick={() => void downloadFile(api.filePath(form.formId, submission.id, file.id), file.name)}
    >
      {file.name} ({formatSize(file.size)})
    </Button>
  );
}

/** /form/:id: where a form is embedded from, and what visitors sent it (newest first, exportable as CSV). */
export function FormDetailPage() {
  return (
    <FormOfRoute title="Form" lines={4}>
      {(api, form) => <FormDetail api={api} form={form} />}
    </FormOfRoute>
  );
}

function FormDetail({ api, form }: { api: FormApi; form: Form }) {
  const { view } = listViewOf(useStore($location).search);
  const { page, size } = view;
  const submissions = useLoad(
    () => api.submissions(form.formId, { page, size }),
    [api, form.formId, page, size],
  );
  const href = `/form/${encodeURIComponent(form.formId)}`;
  const columns: Column<FormSubmissionRecord>[] = [
    { key: 'at', label: 'Submitted', render: (row) => formatUserDateTime(row.createdAt) },
    { key: 'email', label: 'Email', render: (row) => row.email ?? <span className="muted">—</span> },
    {
      key: 'state',
      label: 'State',
      render: (row) => (
        <StatusTag variant={stateView[row.state].variant}>{stateView[row.state].label}</StatusTag>
      ),
    },
    {
      key: 'answers',
      label: 'Answers',
      secondary: true,
      render: (row) => (
        <dl className="app-definitions">
          {form.components
            .filter((component) => row.answers[component.id] !== undefined)
            .map((component) => (
              <div key={component.id} style={{ display: 'contents' }}>
                <dt>{component.setting.title}</dt>
                <dd>
                  {component.type === 'uploadFile' ? (
                    <FileAnswer api={api} form={form} submission={row} fileId={row.answers[component.id]} />
                  ) : (
                    answerText(form, component.id, row.answers[component.id])
                  )}
                </dd>
              </div>
            ))}
        </dl>
      ),
    },
  ];
  return (
    <>
      <Panel
        title={form.name}
        actions={
          <>
            <FormStatus published={form.published} />
            <AppLink to={`/form/compose/${encodeURIComponent(form.formId)}`}>Edit form</AppLink>
            <SaveAsTemplateButton from="form" id={form.formId} name={form.name} />
          </>
        }
      >
        {form.published ? null : (
          <Alert type="info">This form is a draft: the embed code shows nothing until it is published.</Alert>
        )}
        <p>Paste this where the form should appear on your site. The script is loaded once per page.</p>
        <CodeBlock label="Embed code" code={embedSnippet(form)} />
        <p>
          Or link to the form on a page of its own,{' '}
          <a href={form.hostedUrl} target="_blank" rel="noreferrer">
            {form.hostedUrl}
          </a>
          , or frame that page where scripts cannot be added:
        </p>
        <CodeBlock label="Iframe code" code={iframeSnippet(form)} />
        {form.settings.webhookUrl ? (
          <CopyField
            label="Webhook signing secret"
            value={form.webhookSecret}
            hint={`Submissions are POSTed to ${form.settings.webhookUrl}; check their webhook-signature header with this secret.`}
          />
        ) : null}
      </Panel>
      <Panel
        title="Submissions"
        actions={
          roleAllows('contacts.export') ? (
            <Button
              variant="secondary"
              disabled={form.count === 0}
              onClick={() =>
                void downloadFile(api.csvPath(form.formId), `form-${form.formId}-submissions.csv`)
              }
            >
              Export CSV
            </Button>
          ) : (
            <RoleLockedButton label="Export CSV" permission="contacts.export" />
          )
        }
      >
        <LoadStatus
          loaded={submissions}
          lines={4}
          loading="Loading submissions ..."
          failed="The submissions could not be loaded"
        />
        {submissions.data ? (
          <>
            <DataTable
              label="Submissions"
              columns={columns}
              rows={submissions.data.items}
              rowKey={(row) => row.id}
              empty={
                <EmptyState title="No submissions yet">
                  What visitors send through the form is listed here, newest first.
                </EmptyState>
              }
            />
            <Pager
              label="Submissions"
              page={page}
              size={size}
              total={submissions.data.total}
              onPage={(next) => navigate(listHref(href, { ...view, page: next }))}
            />
          </>
        ) : null}
      </Panel>
    </>
  );
}
