import {
  $currentRoute,
  Alert,
  AppLink,
  Button,
  CodeBlock,
  CopyField,
  consoleFeature,
  formatUserDateTime,
  LinkButton,
  LoadStatus,
  Page,
  Panel,
  roleAllows,
  useLoad,
} from '@app/shared';
import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { createSnippetKey, loadSandboxData } from '../sandbox/api.ts';
import { keyPlaceholder } from '../sandbox/snippets.ts';
import { getTemplate } from './api.ts';
import { styles } from './styles.ts';
import { sampleRecipient, templateCurlSnippet } from './template-snippet.ts';

/** /template/created/:id: the template is published; how to send it with a transmission that names it. */
export function TemplateCreatedPage() {
  const id = useStore($currentRoute)?.params.id ?? '';
  const loaded = useLoad(
    () =>
      Promise.all([getTemplate(id, false), loadSandboxData()]).then(([template, data]) => ({
        template,
        data,
      })),
    [id],
  );
  const [apiKey, setApiKey] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const mayCreateKey = consoleFeature('apiKey.create') && roleAllows('apiKeys.manage');

  const createKey = async () => {
    setBusy(true);
    try {
      const created = await createSnippetKey(`Template ${id} ${formatUserDateTime(new Date())}`);
      setApiKey(created.results.key);
    } catch {
      // The catalogue shows the failure as a toast.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Page
      title="Template Created"
      actions={
        <>
          <LinkButton to={`/template/${encodeURIComponent(id)}`}>View template</LinkButton>
          <LinkButton to="/template">All templates</LinkButton>
        </>
      }
    >
      <LoadStatus
        loaded={loaded}
        lines={4}
        loading="Loading the template ..."
        failed="This template could not be loaded"
        action={<AppLink to="/template">Back to templates</AppLink>}
      />
      {loaded.data ? (
        <>
          <Alert type="success" title={`${loaded.data.template.name} is published`}>
            Transmissions can send it now by its ID, <code>{id}</code>.
          </Alert>
          <Panel title="Send it">
            <p className="muted">
              POST a transmission whose content names the template; each recipient's{' '}
              <code>substitution_data</code> fills in its substitutions (here the template's sample data).
              Replace <code>{sampleRecipient}</code> with your recipient.
            </p>
            {apiKey ? (
              <Alert type="warning" title="Copy this key now">
                It is shown only once: the server keeps a hash of it.
                <CopyField label="New API key" value={apiKey} hint="Grants: transmissions and smtp/inject" />
              </Alert>
            ) : (
              <div style={styles.actions}>
                <p className="muted">
                  The snippet shows <code>{keyPlaceholder}</code>: keys are shown only when they are created.
                </p>
                {mayCreateKey ? (
                  <Button variant="secondary" busy={busy} onClick={() => void createKey()}>
                    Create a key for this snippet
                  </Button>
                ) : null}
              </div>
            )}
            <CodeBlock
              label="curl"
              code={templateCurlSnippet(
                loaded.data.data.sending.apiBaseUrl,
                apiKey ?? keyPlaceholder,
                id,
                loaded.data.template.substitution_data,
              )}
            />
          </Panel>
        </>
      ) : null}
    </Page>
  );
}
