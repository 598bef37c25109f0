import type { FormComponent } from '@app/contract/marketing/forms';
import type { Sender } from '@app/contract/marketing/senders';
import { formFieldTypes } from '@app/contract/rules/constants';
import { Button, EmptyState, type Loaded, LoadStatus, loadSignupForm, Panel, useLoad } from '@app/shared';
import { useEffect, useState } from 'react';
import { contactApi } from '../contacts/api.ts';
import type { FormDraft } from './api.ts';
import { FieldCard } from './FieldCard.tsx';
import { FormSettingsPanel } from './FormSettingsPanel.tsx';
import { moved, newComponent, previewOf, withoutComponent } from './form-draft.ts';

/** What only the company's own form has: its senders, labels and thank-you pages (a template has none). */
export interface FormCompanyChoices {
  senders: readonly Sender[];
  labels: readonly { id: string; name: string }[];
  thankYouPages: readonly { pageId: string; name: string; published: boolean }[];
  /** The form keeps a captcha provider's secret key (never shown). */
  captchaSecretSet: boolean;
  loading: Loaded<unknown>;
}

/**
 * A form's questions, its preview as `<signup-form>` draws it, and its settings: the form builder's
 * body, shared by a form (form-compose) and a form template (template-form-compose).
 */
export function FormDraftEditor({
  draft,
  problem,
  onChange,
  company,
}: {
  draft: FormDraft;
  problem: { field: string; message: string } | null;
  onChange: (next: FormDraft) => void;
  company?: FormCompanyChoices;
}) {
  const fields = useLoad(() => contactApi().fields(), []);
  // The preview is the element sites embed; drawn once it is defined, so React sets its property.
  const [previewReady, setPreviewReady] = useState(false);
  useEffect(() => {
    loadSignupForm().then(() => setPreviewReady(true));
  }, []);
  const setComponents = (components: FormComponent[]) => onChange({ ...draft, components });
  const contactFields = (fields.data?.items ?? []).map((field) => ({ value: field.tag, label: field.name }));
  const titleOf = (component: FormComponent, index: number) =>
    component.setting.title || `Question ${index + 1}`;
  return (
    <div className="app-columns">
      <Panel title="Questions">
        <fieldset className="form-builder-palette">
          <legend className="visually-hidden">Add a question</legend>
          {formFieldTypes.map((field) => (
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
                onRemove={() =>
                  onChange({
                    ...draft,
                    components: withoutComponent(draft.components, component.id),
                    // A removed question no longer limits the submissions.
                    settings:
                      draft.settings.distinctIdField === component.id
                        ? { ...draft.settings, distinctIdField: null }
                        : draft.settings,
                  })
                }
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
        {company ? (
          <LoadStatus
            loaded={company.loading}
            lines={2}
            loading="Loading senders ..."
            failed="The senders could not be loaded"
          />
        ) : null}
        <FormSettingsPanel
          draft={draft}
          company={company}
          problems={problem ? { [problem.field]: problem.message } : {}}
          onChange={onChange}
        />
      </div>
    </div>
  );
}
