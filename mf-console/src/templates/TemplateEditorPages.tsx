import {
  $currentRoute,
  AppLink,
  EmbeddedEmailEditor,
  LoadStatus,
  Page,
  showToast,
  useLoad,
} from '@app/shared';
import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { getEditableTemplate } from './api.ts';
import { EditorChoice } from './EditorChoice.tsx';
import { type EditorMode, editorModeOf, withEditorMode } from './editor-choice.ts';
import { NewDesignedTemplate } from './NewDesignedTemplate.tsx';
import { TemplateEditor } from './TemplateEditor.tsx';
import { emptyTemplate, valuesOf } from './template-form.ts';

const description =
  'Write the message once with {{substitutions}}; each transmission fills them in per recipient. Write it as code with the live preview, or design it by dragging blocks.';

/** The page's mode, kept in its URL (`?editor=design`) so a reload or a shared link opens the same one. */
function useEditorMode(): [EditorMode, (mode: EditorMode) => void] {
  const [mode, setMode] = useState(() => editorModeOf(window.location.search));
  const choose = (next: EditorMode) => {
    window.history.replaceState(
      window.history.state,
      '',
      withEditorMode(window.location.pathname, window.location.search, next),
    );
    setMode(next);
  };
  return [mode, choose];
}

/** /template/add: a new template, written as code or designed with the block editor. */
export function TemplateAddPage() {
  const [mode, setMode] = useEditorMode();
  return (
    <Page title="Add Template" description={description}>
      <EditorChoice mode={mode} onChange={setMode} />
      {mode === 'design' ? <NewDesignedTemplate /> : <TemplateEditor initial={emptyTemplate} />}
    </Page>
  );
}

/** /template/edit/:id: the same choice, starting from the draft (or the published version). */
export function TemplateEditPage() {
  const id = useStore($currentRoute)?.params.id ?? '';
  const [mode, setMode] = useEditorMode();
  const template = useLoad(() => getEditableTemplate(id), [id]);
  return (
    <Page title="Edit Template" description={description}>
      <EditorChoice mode={mode} onChange={setMode} />
      {mode === 'design' ? (
        <>
          <p className="muted">
            The block editor keeps its own design of this template: saving it replaces the template's HTML and
            text with the design's.
          </p>
          <EmbeddedEmailEditor
            templateId={id}
            onSave={(saved) => {
              showToast({
                type: 'success',
                message: saved.published ? 'Template published.' : 'Draft saved.',
              });
              template.reload();
            }}
          />
        </>
      ) : (
        <>
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
        </>
      )}
    </Page>
  );
}
