import type { Template } from '@app/contract/marketing/templates';
import { Alert, Button, Panel, RoleLockedButton, roleAllows, showToast } from '@app/shared';
import { useState } from 'react';
import { serverMessage } from '../server-message.ts';
import type { TemplateApi } from './api.ts';

/**
 * The link of a template shared by email (§7 share by email) opened: adds a copy to the company's
 * templates when asked; the link works once.
 */
export function SharedTemplatePanel({
  api,
  token,
  onDone,
}: {
  api: TemplateApi;
  token: string;
  onDone: (added: Template | null) => void;
}) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const accept = async () => {
    setBusy(true);
    setFailure(null);
    try {
      const added = await api.accept(token);
      showToast({ type: 'success', message: `${added.name} is added to your templates.` });
      onDone(added);
    } catch (error) {
      setFailure(serverMessage(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Panel title="A template was shared with you">
      {failure ? <Alert type="danger">{failure}</Alert> : null}
      <p>Add a copy of it to your templates. The link works once.</p>
      <span className="app-page-actions">
        {roleAllows('marketingTemplates.manage') ? (
          <Button busy={busy} onClick={() => void accept()}>
            Add it to my templates
          </Button>
        ) : (
          <RoleLockedButton label="Add it to my templates" permission="marketingTemplates.manage" />
        )}
        <Button variant="secondary" disabled={busy} onClick={() => onDone(null)}>
          Not now
        </Button>
      </span>
    </Panel>
  );
}
