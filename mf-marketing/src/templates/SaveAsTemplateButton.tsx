import type { TemplateType } from '@app/contract/marketing/template-words';
import {
  Button,
  navigate,
  RoleLockedButton,
  roleAllows,
  SwitchField,
  showToast,
  TextField,
  useDialogOnOpen,
} from '@app/shared';
import { useState } from 'react';
import { serverMessage } from '../server-message.ts';
import { templateApi } from './api.ts';
import { templateListHref, templateListOf } from './template-query.ts';

const kit = ['button', 'input', 'switch'] as const;
const typeOf = { campaign: 'email', page: 'page', form: 'form' } as const satisfies Record<
  string,
  TemplateType
>;

/**
 * §4 save as template: a campaign, page or form kept as a template of the company's (a page alone,
 * or with its forms). The plan's template limit is said in the dialog.
 */
export function SaveAsTemplateButton({
  from,
  id,
  name,
}: {
  from: 'campaign' | 'page' | 'form';
  id: string;
  name: string;
}) {
  const [open, setOpen] = useState(false);
  const dialog = useDialogOnOpen(open, kit);
  const [templateName, setTemplateName] = useState(name);
  const [withForms, setWithForms] = useState(true);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  if (!roleAllows('marketingTemplates.manage'))
    return <RoleLockedButton label="Save as template" permission="marketingTemplates.manage" />;
  const type = typeOf[from];
  const save = async () => {
    if (!templateName.trim()) {
      setError('Enter the template name');
      return;
    }
    setBusy(true);
    try {
      const saved = await templateApi().create({
        type,
        name: templateName.trim(),
        source: from === 'page' ? { from, id, withForms } : { from, id },
      });
      setOpen(false);
      showToast({ type: 'success', message: `${saved.name} is saved in the Template Manager.` });
      navigate(templateListHref({ ...templateListOf(''), type }));
    } catch (failure) {
      setError(serverMessage(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button
        variant="secondary"
        onClick={() => {
          setTemplateName(name);
          setError(undefined);
          setOpen(true);
        }}
      >
        Save as template
      </Button>
      {dialog.mounted ? (
        <sl-dialog
          label="Save as template"
          open={dialog.open}
          onsl-request-close={(event: Event) => {
            if (busy) event.preventDefault();
            else setOpen(false);
          }}
        >
          <form
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              void save();
            }}
          >
            <TextField
              label="Template name"
              maxLength={100}
              value={templateName}
              error={error}
              onChange={(event) => {
                setTemplateName(event.target.value);
                setError(undefined);
              }}
            />
            {from === 'page' ? (
              <SwitchField
                label="With its forms"
                checked={withForms}
                onChange={setWithForms}
                hint="A page made from the template gets its own copies of the forms; without them, its Form blocks show your forms as they are."
              />
            ) : null}
          </form>
          <div slot="footer" className="app-dialog-footer">
            <Button variant="secondary" onClick={() => setOpen(false)} disabled={busy}>
              Cancel
            </Button>
            <Button busy={busy} onClick={() => void save()}>
              Save as template
            </Button>
          </div>
        </sl-dialog>
      ) : null}
    </>
  );
}
