import {
  Button,
  type Column,
  ConfirmDialog,
  DataTable,
  LinkButton,
  type Loaded,
  LoadStatus,
  Panel,
  showToast,
} from '@app/shared';
import { type ReactNode, useState } from 'react';
import { serverMessage } from '../server-message.ts';

/** What the list holds: an id, a name the delete question can use; a built-in row cannot be deleted. */
interface Entity {
  id: string;
  name: string;
  builtIn?: boolean;
}

/**
 * The panel listing a company's labels, segments or fields: a skeleton while they load, why they
 * failed, the table (or `empty`), and an Actions column: "Built in" for a built-in row, else a View
 * contacts link (with `viewContacts`) and Delete (for those who `canRemove`), which asks first in a
 * dialog, then calls `remove` and reloads the list; a failure is a toast with the server's sentence.
 * The page keeps `loaded` so that what it adds reloads the list too.
 */
export function EntityList<T extends Entity>({
  title,
  label,
  noun,
  loaded,
  lines,
  loading,
  failed,
  columns,
  viewContacts,
  empty,
  canRemove,
  remove,
  question,
}: {
  /** The panel's heading, e.g. "Your labels". */
  title: string;
  /** The table's accessible name, e.g. "Labels". */
  label: string;
  /** What one row is, e.g. "label": the dialog's button says "Delete label". */
  noun: string;
  loaded: Loaded<{ items: readonly T[] }>;
  lines: number;
  /** The skeleton's label, e.g. "Loading labels ...". */
  loading: string;
  /** The failure's title. */
  failed: string;
  /** The columns before Actions. */
  columns: Array<Column<T>>;
  /** Where a row's View contacts link goes: the Contact Book filtered to the row. */
  viewContacts?: (row: T) => string;
  empty?: ReactNode;
  canRemove: boolean;
  remove: (row: T) => Promise<void>;
  /** The dialog's text about the row being deleted (null while the dialog closes). */
  question: (row: T | null) => ReactNode;
}) {
  const [removing, setRemoving] = useState<T | null>(null);
  const withActions: Array<Column<T>> = [
    ...columns,
    {
      key: 'actions',
      label: 'Actions',
      render: (row) => {
        if (row.builtIn) return <span className="muted">Built in</span>;
        const button = canRemove ? (
          <Button size="small" variant="danger" onClick={() => setRemoving(row)}>
            Delete
          </Button>
        ) : null;
        if (!viewContacts) return button;
        return (
          <span className="app-page-actions">
            <LinkButton size="small" to={viewContacts(row)}>
              View contacts
            </LinkButton>
            {button}
          </span>
        );
      },
    },
  ];

  return (
    <>
      <Panel title={title}>
        <LoadStatus loaded={loaded} lines={lines} loading={loading} failed={failed} />
        {loaded.data ? (
          <DataTable
            label={label}
            columns={withActions}
            rows={loaded.data.items}
            rowKey={(row) => row.id}
            empty={empty}
          />
        ) : null}
      </Panel>
      <ConfirmDialog
        open={removing !== null}
        title={`Delete ${removing?.name ?? `the ${noun}`}?`}
        confirmLabel={`Delete ${noun}`}
        danger
        onConfirm={() => {
          const row = removing;
          setRemoving(null);
          if (!row) return;
          remove(row).then(loaded.reload, (failure: unknown) =>
            showToast({ type: 'danger', message: serverMessage(failure) }),
          );
        }}
        onCancel={() => setRemoving(null)}
      >
        {question(removing)}
      </ConfirmDialog>
    </>
  );
}
