import type { TemplateView } from '@app/contract';
import {
  $currentRoute,
  Alert,
  AppLink,
  ConfirmButton,
  engineMessage,
  formatUserDateTime,
  LinkButton,
  LoadStatus,
  navigate,
  Page,
  Panel,
  roleAllows,
  SelectField,
  showToast,
  useLoad,
} from '@app/shared';
import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { deleteTemplate, getTemplate, previewTemplate } from './api.ts';
import { EmbedEditorPanel } from './EmbedEditorPanel.tsx';
import { templateFeature } from './gate.tsx';
import { RenderedMessage } from './RenderedMessage.tsx';
import { styles } from './styles.ts';
import { TemplateStatus } from './TemplateStatus.tsx';

/** /template/:id: the template's settings, the engine's rendering of a version with its sample data, edit and delete. */
export function TemplateDetailPage() {
  const id = useStore($currentRoute)?.params.id ?? '';
  const template = useLoad(() => getTemplate(id), [id]);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const mayChange = roleAllows('templates.manage');
  const data = template.data;

  const actions = data ? (
    <>
      {data.has_published ? (
        <LinkButton to={`/template/created/${encodeURIComponent(id)}`}>How to send it</LinkButton>
      ) : null}
      {templateFeature('update') && mayChange ? (
        <>
          <LinkButton to={`/template/edit/${encodeURIComponent(id)}`} variant="primary">
            Edit
          </LinkButton>
          <LinkButton to={`/template/edit/${encodeURIComponent(id)}?editor=design`}>
            Design with the editor
          </LinkButton>
        </>
      ) : null}
      {templateFeature('delete') && mayChange ? (
        <ConfirmButton
          label="Delete"
          title="Delete this template?"
          question={
            <>
              <strong>{data.name}</strong> (<code>{data.id}</code>), its draft and its published version are
              deleted. Transmissions that name it are refused from then on.
            </>
          }
          confirmLabel="Delete template"
          onConfirm={async () => {
            setDeleteError(null);
            try {
              await deleteTemplate(id);
            } catch (error) {
              setDeleteError(engineMessage(error));
              throw error;
            }
            showToast({ type: 'success', message: `Template ${data.name} deleted.` });
            navigate('/template');
          }}
        />
      ) : null}
    </>
  ) : null;

  return (
    <Page title="Template Detail" actions={actions}>
      <LoadStatus
        loaded={template}
        lines={6}
        loading="Loading the template ..."
        failed="This template could not be loaded"
        action={<AppLink to="/template">Back to templates</AppLink>}
      />
      {deleteError ? (
        <Alert type="danger" title="The template was not deleted">
          {deleteError}
        </Alert>
      ) : null}
      {data ? (
        <>
          <Panel title={data.name}>
            <TemplateFacts template={data} />
          </Panel>
          <VersionPreview template={data} />
          {templateFeature('update') && mayChange ? <EmbedEditorPanel templateId={data.id} /> : null}
        </>
      ) : null}
    </Page>
  );
}

function TemplateFacts({ template }: { template: TemplateView }) {
  const { content, options } = template;
  const from = typeof content.from === 'string' ? { email: content.from } : content.from;
  return (
    <dl className="app-definitions">
      <dt>Template ID</dt>
      <dd>
        <code>{template.id}</code>
      </dd>
      <dt>Status</dt>
      <dd>
        <TemplateStatus template={template} />
      </dd>
      {template.description ? (
        <>
          <dt>Description</dt>
          <dd>{template.description}</dd>
        </>
      ) : null}
      <dt>From</dt>
      <dd>{from ? (from.name ? `${from.name} <${from.email}>` : from.email) : '—'}</dd>
      <dt>Subject</dt>
      <dd>{content.subject ?? '—'}</dd>
      {content.reply_to ? (
        <>
          <dt>Reply-To</dt>
          <dd>{content.reply_to}</dd>
        </>
      ) : null}
      <dt>Tracking</dt>
      <dd>
        Opens {options.open_tracking === false ? 'off' : 'on'}, clicks{' '}
        {options.click_tracking === false ? 'off' : 'on'}
      </dd>
      <dt>Last update</dt>
      <dd>{formatUserDateTime(template.last_update_time)}</dd>
      {template.last_use ? (
        <>
          <dt>Last used</dt>
          <dd>{formatUserDateTime(template.last_use)}</dd>
        </>
      ) : null}
    </dl>
  );
}

/** The engine's rendering of the published version or the draft, with the template's stored sample data. */
function VersionPreview({ template }: { template: TemplateView }) {
  const both = template.has_draft && template.has_published;
  const [draft, setDraft] = useState(!template.has_published);
  const preview = useLoad(() => previewTemplate(template.id, draft), [template.id, draft]);
  return (
    <Panel title="Preview">
      {both ? (
        <div style={styles.toolbar}>
          <SelectField
            label="Version"
            value={draft ? 'draft' : 'published'}
            options={[
              { value: 'published', label: 'Published version' },
              { value: 'draft', label: 'Draft (unpublished changes)' },
            ]}
            onChange={(value) => setDraft(value === 'draft')}
          />
        </div>
      ) : null}
      <p className="muted">Rendered by the engine with the template's sample substitution data.</p>
      {preview.status === 'failed' ? (
        <Alert type="danger" title="The template cannot be rendered">
          <pre style={styles.error}>{engineMessage(preview.error)}</pre>
        </Alert>
      ) : null}
      {preview.data ? (
        <RenderedMessage preview={preview.data} label={`Preview of ${template.name}`} />
      ) : preview.status === 'loading' ? (
        <p className="muted" role="status">
          Rendering ...
        </p>
      ) : null}
    </Panel>
  );
}
