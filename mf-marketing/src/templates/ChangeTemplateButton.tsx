import {
  Alert,
  Button,
  navigate,
  RoleLockedButton,
  roleAllows,
  SelectField,
  showToast,
  useDialogOnOpen,
  useLoad,
} from '@app/shared';
import { useState } from 'react';
import { serverMessage } from '../server-message.ts';
import { templateApi } from './api.ts';

const kit = ['button'] as const;

/** The page templates to choose from: the company's own, then the featured ones. */
async function pageTemplateChoices() {
  const api = templateApi();
  const [own, featured] = await Promise.all([
    api.list({ type: 'page', page: 1, size: 100, sort: 'name' }),
    api.list({ type: 'page', page: 1, size: 100, featured: true }),
  ]);
  return [
    ...own.items.map((template) => ({ value: template.templateId, label: template.name })),
    ...featured.items.map((template) => ({
      value: template.templateId,
      label: `${template.name} (featured)`,
    })),
  ];
}

/**
 * §7 change template: the page's content replaced by a page template's (with copies of the forms it
 * brings); its name, address and settings stay. Asked for in a dialog, as it cannot be undone.
 */
export function ChangeTemplateButton({ pageId, pageName }: { pageId: string; pageName: string }) {
  const [open, setOpen] = useState(false);
  const dialog = useDialogOnOpen(open, kit);
  const choices = useLoad(() => (open ? pageTemplateChoices() : Promise.resolve(undefined)), [open]);
  const [chosen, setChosen] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (!roleAllows('pages.manage'))
    return <RoleLockedButton label="Change template" permission="pages.manage" />;
  const apply = async () => {
    if (!chosen) {
      setFailure('Choose a template');
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      await templateApi().applyToPage(chosen, pageId);
      setOpen(false);
      showToast({ type: 'success', message: `${pageName} has the template's content.` });
      navigate(`/page/compose/${encodeURIComponent(pageId)}`);
    } catch (error) {
      setFailure(serverMessage(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        Change template
      </Button>
      {dialog.mounted ? (
        <sl-dialog
          label="Change template"
          open={dialog.open}
          onsl-request-close={(event: Event) => {
            if (busy) event.preventDefault();
            else setOpen(false);
          }}
        >
          {failure ? <Alert type="danger">{failure}</Alert> : null}
          <p>
            The content of {pageName} is replaced by the template's; its name, address and settings stay. A
            published page shows the change once published again.
          </p>
          <SelectField
            label="Page template"
            value={chosen}
            placeholder={choices.data ? 'Choose a template' : 'Loading templates ...'}
            options={choices.data ?? []}
            onChange={setChosen}
          />
          <div slot="footer" className="app-dialog-footer">
            <Button variant="secondary" onClick={() => setOpen(false)} disabled={busy}>
              Cancel
            </Button>
            <Button busy={busy} onClick={() => void apply()}>
              Change template
            </Button>
          </div>
        </sl-dialog>
      ) : null}
    </>
  );
}
