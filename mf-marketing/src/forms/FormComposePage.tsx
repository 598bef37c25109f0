import type { Form } from '@app/contract/marketing/forms';
import {
  Alert,
  AppLink,
  Button,
  Panel,
  RoleLockedButton,
  roleAllows,
  showToast,
  TextField,
  useLoad,
} from '@app/shared';
import { useRef, useState } from 'react';
import { contactApi } from '../contacts/api.ts';
import { pageApi } from '../pages/api.ts';
import { useSaveShortcut } from '../save-shortcut.ts';
import { senderApi } from '../senders/api.ts';
import { fieldProblemOf } from '../server-message.ts';
import type { FormApi, FormDraft } from './api.ts';
import { FormDraftEditor } from './FormDraftEditor.tsx';
import { FormOfRoute } from './FormOfRoute.tsx';
import { FormStatus } from './FormStatus.tsx';
import { draftOf } from './form-draft.ts';

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

function FormBuilder({ api, start }: { api: FormApi; start: Form }) {
  const [form, setForm] = useState(start);
  const [draft, setDraft] = useState<FormDraft>(() => draftOf(start));
  const [dirty, setDirty] = useState(false);
  const [busy, setBusy] = useState<'save' | 'publish' | null>(null);
  const [problem, setProblem] = useState<{ field: string; message: string } | null>(null);
  const labels = useLoad(() => contactApi().labels(), []);
  const senders = useLoad(() => senderApi().list({ page: 1, size: 100, status: 'validated' }), []);
  const thankYouPages = useLoad(
    () => pageApi().list({ page: 1, size: 100, category: 'THANK_YOU', sort: 'name' }),
    [],
  );
  const canManage = roleAllows('forms.manage');
  const saveRef = useRef<() => Promise<Form | undefined>>(async () => undefined);

  const change = (next: FormDraft) => {
    setDraft(next);
    setDirty(true);
  };

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
      setProblem(fieldProblemOf(error));
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
      setProblem(fieldProblemOf(error));
    } finally {
      setBusy(null);
    }
  };

  // §2: Ctrl+S on a compose page saves it.
  useSaveShortcut(() => void saveRef.current());

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
            <FormStatus published={form.published} />
            <AppLink to={`/form/${encodeURIComponent(form.formId)}`}>Submissions and embed code</AppLink>
            <AppLink to={`/formpage/compose/${encodeURIComponent(form.formId)}`}>Hosted page</AppLink>
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
      <FormDraftEditor
        draft={draft}
        problem={problem}
        onChange={change}
        company={{
          senders: senders.data?.items ?? [],
          labels: labels.data?.items ?? [],
          thankYouPages: thankYouPages.data?.items ?? [],
          captchaSecretSet: form.captchaSecretSet,
          loading: senders,
        }}
      />
    </>
  );
}
