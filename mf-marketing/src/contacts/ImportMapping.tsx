import type {
  ImportMode,
  ImportPrepared,
  ImportSetting,
  ImportStatus,
} from '@app/contract/marketing/contact-imports';
import type { ContactField, Label } from '@app/contract/marketing/contacts';
import { $company, Alert, Button, type Column, DataTable, SelectField } from '@app/shared';
import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { serverMessage } from '../server-message.ts';
import type { ContactApi } from './api.ts';
import { LabelChoice } from './LabelChoice.tsx';

const modeOptions: { value: ImportMode; label: string }[] = [
  { value: 'upsert', label: 'Add new contacts and update existing ones' },
  { value: 'add', label: 'Only add new contacts' },
  { value: 'update', label: 'Only update existing contacts' },
];
const emptyOptions = [
  { value: 'keep', label: 'Keep the contact’s value' },
  { value: 'clear', label: 'Clear the contact’s value' },
];

interface ColumnRow {
  header: string;
  samples: string;
}

/** Step 2: where each column goes (with the file's first rows beside it), the mode, empty cells and labels. */
export function ImportMapping({
  api,
  prepared,
  fields,
  labels,
  setting,
  onStarted,
  onCancel,
}: {
  api: ContactApi;
  prepared: ImportPrepared;
  fields: readonly ContactField[];
  labels: readonly Label[];
  setting: ImportSetting;
  onStarted: (status: ImportStatus) => void;
  onCancel: () => void;
}) {
  const [mapping, setMapping] = useState(prepared.suggestedMapping);
  const [mode, setMode] = useState<ImportMode>(setting.mode);
  const [emptyCells, setEmptyCells] = useState(setting.emptyCells);
  const [chosen, setChosen] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const targets = [
    { value: 'skip', label: 'Do not import' },
    ...fields.map((field) => ({
      value: field.tag,
      label: field.builtIn ? field.name : `${field.name} ({{${field.tag}}})`,
    })),
  ];
  // §6 "custom import without email": the operator's toggle lets a file without addresses in.
  const addressOptional = useStore($company)?.toggles.includes('customImportWithoutEmail') ?? false;
  const noEmail = !Object.values(mapping).includes('email');
  const rows: ColumnRow[] = prepared.headers.map((header, index) => ({
    header,
    samples: prepared.preview
      .map((row) => row[index] ?? '')
      .filter(Boolean)
      .slice(0, 3)
      .join(' · '),
  }));
  const columns: Column<ColumnRow>[] = [
    { key: 'header', label: 'Column', render: (row) => row.header },
    {
      key: 'samples',
      label: 'First values',
      secondary: true,
      render: (row) => row.samples || <span className="muted">Empty</span>,
    },
    {
      key: 'target',
      label: 'Import as',
      render: (row) => (
        <SelectField
          label={`Import ${row.header} as`}
          value={mapping[row.header] ?? 'skip'}
          options={targets}
          onChange={(target) => setMapping((current) => ({ ...current, [row.header]: target }))}
        />
      ),
    },
  ];

  const start = async () => {
    setBusy(true);
    setError(null);
    try {
      onStarted(
        await api.startImport({ importId: prepared.importId, mapping, mode, emptyCells, labels: chosen }),
      );
    } catch (failure) {
      setError(serverMessage(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div>
      <p>
        <strong>{prepared.fileName}</strong>{' '}
        <span className="muted">
          {prepared.format === 'xlsx'
            ? '(Excel workbook: its first sheet)'
            : `(${prepared.encoding.toUpperCase()}, ${prepared.delimiter === '\t' ? 'tab' : `“${prepared.delimiter}”`} separated)`}
        </span>
      </p>
      {error ? <Alert type="danger">{error}</Alert> : null}
      <DataTable
        label="Columns of the file"
        columns={columns}
        rows={rows}
        rowKey={(row) => row.header}
        empty={null}
      />
      {noEmail && !addressOptional ? (
        <Alert type="warning">Choose the column that holds the email addresses.</Alert>
      ) : null}
      {addressOptional ? (
        <Alert type="info">
          Rows without an email address are imported as contacts that are never mailed; without an address, a
          row matches an existing contact by its phone number.
        </Alert>
      ) : null}
      {/* Wider columns than a form row's: the modes' long names stay whole until the two stack. */}
      <div className="app-form-row" style={{ gridTemplateColumns: 'repeat(auto-fit, minmax(340px, 1fr))' }}>
        <SelectField
          label="Mode"
          value={mode}
          options={modeOptions}
          onChange={(value) => setMode(value as ImportMode)}
        />
        <SelectField
          label="An empty cell"
          value={emptyCells}
          options={emptyOptions}
          onChange={(value) => setEmptyCells(value as ImportSetting['emptyCells'])}
        />
      </div>
      <LabelChoice
        legend="Add the contacts to these labels"
        labels={labels}
        chosen={chosen}
        onChange={setChosen}
      />
      <div className="app-page-actions">
        <Button busy={busy} disabled={noEmail && !addressOptional} onClick={() => void start()}>
          Start import
        </Button>
        <Button variant="secondary" onClick={onCancel} disabled={busy}>
          Choose another file
        </Button>
      </div>
    </div>
  );
}
