import type { PageFormChoice } from '@app/contract/editor/design-constants';
import type { Template, TemplateUpdateBody } from '@app/contract/marketing/templates';
import {
  Alert,
  Button,
  EmbeddedEmailEditor,
  EmptyState,
  Panel,
  RoleLockedPage,
  roleAllows,
  showToast,
  useLoad,
} from '@app/shared';
import { useRef, useState } from 'react';
import type { FormDraft } from '../forms/api.ts';
import { formApi } from '../forms/api.ts';
import { FormDraftEditor } from '../forms/FormDraftEditor.tsx';
import { useSaveShortcut } from '../save-shortcut.ts';
import { fieldProblemOf, serverMessage } from '../server-message.ts';
import type { SettingsHandle } from '../settings-form.ts';
import type { TemplateApi } from './api.ts';
import { TemplateOfRoute } from './TemplateOfRoute.tsx';
import { TemplateSettingsForm } from './TemplateSettingsForm.tsx';

/**
 * /template/{email,page,form}/compose/:id (§2 template-page-compose, template-form-compose; the email
 * one beside them): a template's settings and content, in the block editor (a page's with the page
 * blocks) or the form builder. Ctrl+S saves (§2): the design inside the editor, the rest outside it.
 */
export function TemplateComposePage() {
  return (
    <TemplateOfRoute title="Template Compose">
      {(api, template) =>
        template.featured ? (
          <EmptyState title="A featured template">
            Featured templates cannot be changed: save a copy of it in the Template Manager, then design the
            copy.
          </EmptyState>
        ) : roleAllows('marketingTemplates.manage') ? (
          <Composer key={template.templateId} api={api} first={template} />
        ) : (
          <RoleLockedPage title="Template Compose" permission="marketingTemplates.manage" />
        )
      }
    </TemplateOfRoute>
  );
}

function Composer({ api, first }: { api: TemplateApi; first: Template }) {
  const [template, setTemplate] = useState(first);
  const latest = useRef(first);
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const settings = useRef<SettingsHandle>(null);
  const saveForm = useRef<() => void>(() => undefined);

  /** Stores a change made of the template as it is then; changes go one after another. */
  const save = (patchOf: (latest: Template) => TemplateUpdateBody) => {
    const next = queue.current
      .catch(() => undefined)
      .then(() => api.update(latest.current.templateId, patchOf(latest.current)));
    queue.current = next;
    return next.then((saved) => {
      latest.current = saved;
      setTemplate(saved);
      return saved;
    });
  };

  useSaveShortcut(() => {
    settings.current?.save();
    saveForm.current();
  });

  return (
    <>
      <Panel title="Template settings">
        <TemplateSettingsForm
          ref={settings}
          template={template}
          save={(patchOf) =>
            save(patchOf).then(() => showToast({ type: 'success', message: 'The settings are saved.' }))
          }
          uploadThumbnail={api.uploadThumbnail}
        />
      </Panel>
      {template.content.type === 'form' ? (
        <FormTemplateContent template={template} save={save} saveRef={saveForm} />
      ) : (
        <DesignContent template={template} save={save} />
      )}
    </>
  );
}

type Save = (patchOf: (latest: Template) => TemplateUpdateBody) => Promise<Template>;

/** An email or page template's design in the block editor; a page's Form blocks offer the company's forms. */
function DesignContent({ template, save }: { template: Template; save: Save }) {
  const page = template.content.type === 'page';
  const forms = useLoad(
    () => (page ? formApi().list({ page: 1, size: 100, sort: 'name' }) : Promise.resolve(undefined)),
    [page],
  );
  const choices: PageFormChoice[] | undefined = forms.data?.items.map((form) => ({
    id: form.formId,
    name: form.name,
    published: form.published,
  }));
  if (template.content.type === 'form') return null;
  const design = template.content.design;
  return (
    <Panel title="Content">
      <p>
        {page
          ? 'What a page made from this template starts with. A Form block shows one of your forms.'
          : 'What a campaign made from this template starts with.'}{' '}
        Save (or Ctrl+S in the editor) stores the design.
      </p>
      {page && forms.error ? (
        <Alert type="danger">The forms could not be loaded: reload the page to open the builder.</Alert>
      ) : !page || choices ? (
        <EmbeddedEmailEditor
          design={design}
          {...(page && choices ? { forms: choices } : {})}
          onSave={(saved) =>
            void save((latest) =>
              latest.content.type === 'form' ? {} : { content: { ...latest.content, design: saved.design } },
            ).then(
              () => showToast({ type: 'success', message: 'The template is saved.' }),
              (error: unknown) => showToast({ type: 'danger', message: serverMessage(error) }),
            )
          }
        />
      ) : null}
    </Panel>
  );
}

/** A form template's questions and settings in the form builder (no sender, labels or pages: those come when it is used). */
function FormTemplateContent({
  template,
  save,
  saveRef,
}: {
  template: Template;
  save: Save;
  saveRef: { current: () => void };
}) {
  const start = template.content.type === 'form' ? template.content.form : undefined;
  const [draft, setDraft] = useState<FormDraft | undefined>(start);
  const [dirty, setDirty] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<{ field: string; message: string } | null>(null);
  const store = async () => {
    if (!draft) return;
    setBusy(true);
    setProblem(null);
    try {
      await save(() => ({ content: { type: 'form', form: { ...draft, labels: [] } } }));
      setDirty(false);
      showToast({ type: 'success', message: 'The template is saved.' });
    } catch (error) {
      const found = fieldProblemOf(error);
      setProblem({ ...found, field: found.field.replace(/^content\.form\./, '') });
    } finally {
      setBusy(false);
    }
  };
  saveRef.current = () => void store();
  if (!draft) return null;
  return (
    <>
      <Panel
        title="Questions and settings"
        actions={
          <Button busy={busy} onClick={() => void store()}>
            Save
          </Button>
        }
      >
        {problem ? <Alert type="danger">{problem.message}</Alert> : null}
        <p className="muted">
          {dirty
            ? 'Unsaved changes: Save or Ctrl+S stores them.'
            : 'What a form made from this template starts with.'}
        </p>
      </Panel>
      <FormDraftEditor
        draft={draft}
        problem={problem}
        onChange={(next) => {
          setDraft(next);
          setDirty(true);
        }}
      />
    </>
  );
}
