import type { ImportPrepared, ImportStatus } from '@app/contract/marketing/contact-imports';
import {
  Button,
  downloadFile,
  LoadStatus,
  Page,
  Panel,
  RoleLockedPage,
  roleAllows,
  useLoad,
} from '@app/shared';
import { useState } from 'react';
import { contactApi } from './api.ts';
import { ImportFilePicker } from './ImportFilePicker.tsx';
import { ImportHistory } from './ImportHistory.tsx';
import { ImportMapping } from './ImportMapping.tsx';
import { ImportProgress } from './ImportProgress.tsx';

type Step =
  | { kind: 'file' }
  | { kind: 'mapping'; prepared: ImportPrepared }
  | { kind: 'progress'; status: ImportStatus };

/**
 * /contact/import, the import wizard (§7 /contacts/import): a file dropped or chosen, its columns
 * mapped with a preview, the mode and labels chosen, then the import's live progress and result with
 * the rejected rows to download. An import still running (a reload, another tab) is shown again.
 */
export function ImportPage() {
  const api = contactApi();
  const fields = useLoad(() => api.fields(), [api]);
  const labels = useLoad(() => api.labels(), [api]);
  const setting = useLoad(() => api.importSetting(), [api]);
  const history = useLoad(() => api.importHistory(1), [api]);
  const [step, setStep] = useState<Step | null>(null);
  if (!roleAllows('contacts.import'))
    return <RoleLockedPage title="Import Contacts" permission="contacts.import" />;

  const runningNow = history.data?.items.find((entry) => entry.state === 'running');
  const current: Step = step ?? (runningNow ? { kind: 'progress', status: runningNow } : { kind: 'file' });

  return (
    <Page
      title="Import Contacts"
      description="Add or update many contacts at once from a CSV or Excel file. Unsubscribed and suppressed addresses stay unsubscribed."
      actions={
        <Button
          variant="secondary"
          onClick={() => void downloadFile('/contacts/import/sample', 'contacts-sample.csv')}
        >
          Download a sample file
        </Button>
      }
    >
      <Panel
        title={
          current.kind === 'file'
            ? '1. Choose a file'
            : current.kind === 'mapping'
              ? '2. Map the columns'
              : '3. Import'
        }
      >
        <LoadStatus
          loaded={fields}
          lines={3}
          loading="Loading ..."
          failed="The contact fields could not be loaded"
        />
        {fields.data && current.kind === 'file' ? (
          <ImportFilePicker api={api} onPrepared={(prepared) => setStep({ kind: 'mapping', prepared })} />
        ) : null}
        {fields.data && current.kind === 'mapping' ? (
          <ImportMapping
            api={api}
            prepared={current.prepared}
            fields={fields.data.items}
            labels={labels.data?.items ?? []}
            setting={setting.data ?? { mode: 'upsert', emptyCells: 'keep' }}
            onStarted={(status) => {
              setStep({ kind: 'progress', status });
              history.reload();
            }}
            onCancel={() => setStep({ kind: 'file' })}
          />
        ) : null}
        {current.kind === 'progress' ? (
          <ImportProgress
            key={current.status.importId}
            api={api}
            started={current.status}
            onFinished={history.reload}
            onAnother={() => setStep({ kind: 'file' })}
          />
        ) : null}
      </Panel>
      <Panel title="Import history">
        <LoadStatus
          loaded={history}
          lines={3}
          loading="Loading imports ..."
          failed="The import history could not be loaded"
        />
        {history.data ? <ImportHistory history={history.data} /> : null}
      </Panel>
    </Page>
  );
}
