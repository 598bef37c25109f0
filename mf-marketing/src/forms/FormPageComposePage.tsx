import type { Form } from '@app/contract/marketing/forms';
import { instantFormDefaults } from '@app/contract/marketing/instant-form';
import {
  Alert,
  AppLink,
  Button,
  EmptyState,
  Panel,
  RoleLockedButton,
  roleAllows,
  showToast,
} from '@app/shared';
import { useState } from 'react';
import { useSaveShortcut } from '../save-shortcut.ts';
import { fieldProblemOf } from '../server-message.ts';
import type { FormApi } from './api.ts';
import { FormOfRoute } from './FormOfRoute.tsx';
import { FormStatus } from './FormStatus.tsx';
import { draftOf } from './form-draft.ts';
import { HostedPageSettings } from './HostedPageSettings.tsx';

/**
 * /formpage/compose/:id (§2 formpage-compose): the form's own page, its hosted address and iframe:
 * its look (§3 instant-form settings) beside the page itself as visitors see it. Save (or Ctrl+S)
 * stores the look; the page beside it shows it at once when the form is published.
 */
export function FormPageComposePage() {
  return (
    <FormOfRoute title="Form Page Compose" lines={6}>
      {(api, form) => <FormPageDesigner key={form.formId} api={api} start={form} />}
    </FormOfRoute>
  );
}

function FormPageDesigner({ api, start }: { api: FormApi; start: Form }) {
  const [form, setForm] = useState(start);
  const [look, setLook] = useState(start.settings.instant ?? instantFormDefaults);
  const [dirty, setDirty] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<{ field: string; message: string } | null>(null);
  const canManage = roleAllows('forms.manage');

  const save = async () => {
    if (!canManage) return;
    setBusy(true);
    setProblem(null);
    try {
      const draft = draftOf(form);
      const saved = await api.update(form.formId, {
        ...draft,
        settings: { ...draft.settings, instant: look },
      });
      setForm(saved);
      setDirty(false);
      showToast({ type: 'success', message: 'The hosted page is saved.' });
    } catch (error) {
      setProblem(fieldProblemOf(error));
    } finally {
      setBusy(false);
    }
  };
  useSaveShortcut(() => void save());

  return (
    <div className="form-page-compose">
      <Panel
        title={form.name}
        actions={
          <>
            <FormStatus published={form.published} />
            <AppLink to={`/form/compose/${encodeURIComponent(form.formId)}`}>Questions and settings</AppLink>
            {canManage ? (
              <Button busy={busy} disabled={busy} onClick={() => void save()}>
                Save
              </Button>
            ) : (
              <RoleLockedButton label="Save" permission="forms.manage" />
            )}
          </>
        }
      >
        {problem ? <Alert type="danger">{problem.message}</Alert> : null}
        {dirty ? <p className="muted">Unsaved changes: Save or Ctrl+S stores them.</p> : null}
        <div className="form-page-compose__columns">
          <HostedPageSettings
            value={look}
            problems={problem ? { [problem.field]: problem.message } : {}}
            onChange={(next) => {
              setLook(next);
              setDirty(true);
            }}
          />
          <section className="form-page-compose__preview" aria-label="The hosted page">
            {form.published ? (
              <>
                <p className="muted">
                  As visitors see it, at <a href={form.hostedUrl}>{form.hostedUrl}</a>
                  {dirty ? ': save to see your changes here.' : '.'}
                </p>
                {/* The page as last saved: browsers keep it 30 s, so each save asks for it by a new address. */}
                <iframe
                  title={`The hosted page of ${form.name}`}
                  src={`${form.hostedUrl}?saved=${encodeURIComponent(form.lastUpdate)}`}
                />
              </>
            ) : (
              <EmptyState title="The page shows once the form is published">
                Its look is kept meanwhile: publish the form from its questions and settings.
              </EmptyState>
            )}
          </section>
        </div>
      </Panel>
    </div>
  );
}
