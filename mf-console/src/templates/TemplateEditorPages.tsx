import { $currentRoute, AppLink, Page, useLoad } from '@app/shared';
import { useStore } from '@nanostores/react';
import { LoadStatus } from '../api-keys/LoadStatus.tsx';
import { getEditableTemplate } from './api.ts';
import { TemplateEditor } from './TemplateEditor.tsx';
import { emptyTemplate, valuesOf } from './template-form.ts';

const description =
  'Write the message once with {{substitutions}}; each transmission fills them in per recipient. The preview on the right is rendered by the engine.';

/** /template/add: a new template, saved as a draft or published. */
export function TemplateAddPage() {
  return (
    <Page title="Add Template" description={description}>
      <TemplateEditor initial={emptyTemplate} />
    </Page>
  );
}

/** /template/edit/:id: the same editor, starting from the draft (or the published version). */
export function TemplateEditPage() {
  const id = useStore($currentRoute)?.params.id ?? '';
  const template = useLoad(() => getEditableTemplate(id), [id]);
  return (
    <Page title="Edit Template" description={description}>
      <LoadStatus
        loaded={template}
        lines={8}
        loading="Loading the template ..."
        failed="This template could not be loaded"
        action={<AppLink to="/template">Back to templates</AppLink>}
      />
      {template.data ? (
        <>
          <p className="muted">
            {template.data.has_published
              ? template.data.has_draft
                ? 'Editing the draft: the published version is sent until you publish.'
                : 'Editing the published version: saving makes a draft, publishing replaces what is sent.'
              : 'This template is a draft: publish it to use it in transmissions.'}
          </p>
          <TemplateEditor
            key={template.data.id}
            templateId={template.data.id}
            initial={valuesOf(template.data)}
            onSaved={template.reload}
          />
        </>
      ) : null}
    </Page>
  );
}
