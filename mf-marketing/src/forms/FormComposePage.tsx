import type { Form, FormComponent } from '@app/contract/marketing/forms';
import { formFieldTypes } from '@app/contract/rules/constants';
import {
  Alert,
  ApiError,
  AppLink,
  Button,
  EmptyState,
  LoadStatus,
  loadSignupForm,
  Panel,
  RoleLockedButton,
  roleAllows,
  StatusTag,
  showToast,
  TextField,
  useLoad,
} from '@app/shared';
import { useEffect, useRef, useState } from 'react';
import { contactApi } from '../contacts/api.ts';
import { pageApi } from '../pages/api.ts';
import { senderApi } from '../senders/api.ts';
import { serverMessage } from '../server-message.ts';
import type { FormApi, FormDraft } from './api.ts';
import { FieldCard } from './FieldCard.tsx';
import { FormOfRoute } from './FormOfRoute.tsx';
import { FormSettingsPanel } from './FormSettingsPanel.tsx';
import { draftOf, moved, newComponent, previewOf, withoutComponent } from './form-draft.ts';

/** Upload fields need file storage for answers, which forms do not have yet: offered, but not addable. */
const addable = formFieldTypes.filter((field) => field.type !== 'uploadFile');

/**
 * /form/compose/:id (§2 form-compose; form-au-compose opens the same builder): a form's questions
 * and settings. Save (or Ctrl+S) stores the draft; a published form changes on the sites when saved.
 */
export function FormComposePage() {
  return (
    <FormOfRoute title="Form Compose" lines={6}>
      {(api, form) => <FormBuilder key={form.formId} api={api} start={form} />}
    </FormOfRoute>
  );
}

/** Which field a refusal names: the server's `payload.field` (components, settings.…, name). */
function problemOf(error: unknown): { field: string; message: string } {
  const body =
    error instanceof ApiError ? (error.body as { payload?: { field?: string; cause?: string } }) : undefined;
  return { field: body?.payload?.field ?? '', message: body?.payload?.cause ?? serverMessage(error) };
}

function FormBuilder({ api, start }: { api: FormApi; start: Form }) {
  const [form, setForm] = useState(start);
  const [draft, setDraft] = useState<FormDraft>(() => draftOf(start));
  const [dirty, setDirty] = useState(false);
  const [busy, setBusy] = useState<'save' | 'publish' | null>(null);
  const [problem, setProblem] = useState<{ field: string; message: string } | null>(null);
  const fields = useLoad(() => contactApi().fields(), []);
  const labels = useLoad(() => contactApi().labels(), []);
  const senders = useLoad(() => senderApi().list({ page: 1, size: 100, status: 'validated' }), []);
  const thankYouPages = useLoad(
    () => pageApi().list({ page: 1, size: 100, category: 'THANK_YOU', sort: 'name' }),
    [],
  );
  const canManage = roleAllows('forms.manage');
  const saveRef = useRef<() => Promise<Form | undefined>>(async () => undefined);
  // The preview is the element sites embed; drawn once it is defined, so React sets its property.
  const [previewReady, setPreviewReady] = useState(false);
  useEffect(() => {
    loadSignupForm().then(() => setPreviewReady(true));
  }, []);

  const change = (next: FormDraft) => {
    setDraft(next);
    setDirty(true);
  };
  const setComponents = (components: FormComponent[]) => change({ ...draft, components });

  const save = async (): Promise<Form | undefined> => {
    setBusy('save');
    setProblem(null);
    try {
      const saved = await api.update(form.formId, { ...draft, name: draft.name.trim() });
      setForm(saved);
      setDraft(draftOf(saved));
      setDirty(false);
      showToast({
        type: 'success',
        message: saved.published ? 'Saved: the published form changed.' : 'The form is saved.',
      });
      return saved;
    } catch (error) {
      setProblem(problemOf(error));
      return undefined;
    } finally {
      setBusy(null);
    }
  };
  saveRef.current = save;

  const publish = async (next: boolean) => {
    if (dirty && !(await save())) return;
    setBusy('publish');
    setProblem(null);
    try {
      const changed = await api.publish(form.formId, next);
      setForm(changed);
      showToast({ type: 'success', message: next ? 'The form is published.' : 'The form is unpublished.' });
    } catch (error) {
      setProblem(problemOf(error));
    } finally {
      setBusy(null);
    }
  };

  // §2: Ctrl+S on a compose page saves it.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.key.toLowerCase() !== 's') return;
      event.preventDefault();
      void saveRef.current();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const contactFields = (fields.data?.items ?? []).map((field) => ({ value: field.tag, label: field.name }));
  const titleOf = (component: FormComponent, index: number) =>
    component.setting.title || `Question ${index + 1}`;
  const actions = canManage ? (
    <>
      <Button variant="secondary" busy={busy === 'save'} disabled={busy !== null} onClick={() => void save()}>
        Save
      </Button>
      <Button
        variant={form.published ? 'secondary' : 'primary'}
        busy={busy === 'publish'}
        disabled={busy !== null}
        onClick={() => void publish(!form.published)}
      >
        {form.published ? 'Unpublish' : 'Publish'}
      </Button>
    </>
  ) : (
    <RoleLockedButton label="Save" permission="forms.manage" />
  );

  return (
    <>
      <Panel
        title={form.name}
        actions={
          <>
            <StatusTag variant={form.published ? 'success' : 'neutral'}>
              {form.published ? 'Published' : 'Draft'}
            </StatusTag>
            <AppLink to={`/form/${encodeURIComponent(form.formId)}`}>Submissions and embed code</AppLink>
            {actions}
          </>
        }
      >
        {problem ? <Alert type="danger">{problem.message}</Alert> : null}
        {dirty ? <p className="muted">Unsaved changes: Save or Ctrl+S stores them.</p> : null}
        <TextField
          label="Form name"
          maxLength={100}
          value={draft.name}
          error={
            draft.name.trim()
              ? problem?.field === 'name'
                ? problem.message
                : undefined
              : 'Enter the form name'
          }
          onChange={(event) => change({ ...draft, name: event.target.value })}
        />
      </Panel>
      <div className="app-columns">
        <Panel title="Questions">
          <fieldset className="form-builder-palette">
            <legend className="visually-hidden">Add a question</legend>
            {addable.map((field) => (
              <Button
                key={field.type}
                variant="secondary"
                size="small"
                disabled={draft.components.length >= 100}
                onClick={() => setComponents([...draft.components, newComponent(field.type, field.label)])}
              >
                Add {field.label}
              </Button>
            ))}
          </fieldset>
          {draft.components.length === 0 ? (
            <EmptyState title="No questions yet">
              Add the questions visitors answer. To save contacts, one Short Answer must fill the email field.
            </EmptyState>
          ) : (
            <ol className="form-builder-fields" aria-label="Questions">
              {draft.components.map((component, index) => (
                <FieldCard
                  key={component.id}
                  component={component}
                  position={index}
                  count={draft.components.length}
                  others={draft.components
                    .filter((other) => other.id !== component.id)
                    .map((other) => ({
                      value: other.id,
                      label: titleOf(other, draft.components.indexOf(other)),
                    }))}
                  contactFields={contactFields}
                  conditional={draft.settings.enableConditional ?? false}
                  onChange={(next) =>
                    setComponents(draft.components.map((item) => (item.id === next.id ? next : item)))
                  }
                  onMove={(by) => setComponents(moved(draft.components, index, by))}
                  onRemove={() => setComponents(withoutComponent(draft.components, component.id))}
                />
              ))}
            </ol>
          )}
        </Panel>
        <div className="form-builder-side">
          <Panel title="Preview">
            <p className="muted">
              As visitors will see it once saved and published; nothing is sent from here.
            </p>
            {previewReady ? <signup-form preview={previewOf(draft)} /> : null}
          </Panel>
          <LoadStatus
            loaded={senders}
            lines={2}
            loading="Loading senders ..."
            failed="The senders could not be loaded"
          />
          <FormSettingsPanel
            draft={draft}
            senders={senders.data?.items ?? []}
            labels={labels.data?.items ?? []}
            thankYouPages={thankYouPages.data?.items ?? []}
            problems={problem ? { [problem.field]: problem.message } : {}}
            onChange={change}
          />
        </div>
      </div>
    </>
  );
}
