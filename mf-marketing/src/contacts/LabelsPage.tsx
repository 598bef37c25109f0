import type { Label } from '@app/contract/marketing/contacts';
import {
  Button,
  type Column,
  ConfirmDialog,
  DataTable,
  EmptyState,
  FormError,
  formatUserDateTime,
  formSchema,
  LinkButton,
  LoadStatus,
  Page,
  Panel,
  roleAllows,
  showToast,
  TextField,
  useLoad,
  useZodForm,
} from '@app/shared';
import { useState } from 'react';
import { labelled } from '../forms/labelled-field.ts';
import { serverMessage } from '../server-message.ts';
import { contactApi } from './api.ts';

/**
 * /contact/label: the company's labels (static lists) with their exact member counts; a label is
 * added here, filled from Add Contact, an import or the Contact Book, and deleted without its contacts.
 */
export function LabelsPage() {
  const api = contactApi();
  const labels = useLoad(() => api.labels(), [api]);
  const [removing, setRemoving] = useState<Label | null>(null);
  const canManage = roleAllows('labels.manage');
  const form = useZodForm(formSchema('newLabelBody'), { name: '' });

  const columns: Column<Label>[] = [
    { key: 'name', label: 'Label', render: (label) => label.name },
    { key: 'members', label: 'Contacts', render: (label) => label.members.toLocaleString('en-US') },
    {
      key: 'createdAt',
      label: 'Created',
      secondary: true,
      render: (label) => formatUserDateTime(label.createdAt),
    },
    {
      key: 'actions',
      label: 'Actions',
      render: (label) => (
        <span className="app-page-actions">
          <LinkButton size="small" to={`/contact?label=${label.id}`}>
            View contacts
          </LinkButton>
          {canManage ? (
            <Button size="small" variant="danger" onClick={() => setRemoving(label)}>
              Delete
            </Button>
          ) : null}
        </span>
      ),
    },
  ];

  return (
    <Page title="Labels" description="Lists you fill by hand or by import; a campaign can go to a label.">
      {canManage ? (
        <Panel title="New label">
          <form
            noValidate
            aria-label="New label"
            className="contact-inline-form"
            onSubmit={(event) => {
              event.preventDefault();
              void form.submit(async (body) => {
                const label = await api.createLabel(body.name);
                showToast({ type: 'success', message: `The label ${label.name} is added.` });
                form.set('name', '');
                labels.reload();
              });
            }}
          >
            <FormError message={form.formError} />
            <TextField autoComplete="off" {...labelled('Label name', form.field('name'))} />
            <Button type="submit" busy={form.busy}>
              Add label
            </Button>
          </form>
        </Panel>
      ) : null}
      <Panel title="Your labels">
        <LoadStatus
          loaded={labels}
          lines={3}
          loading="Loading labels ..."
          failed="The labels could not be loaded"
        />
        {labels.data ? (
          <DataTable
            label="Labels"
            columns={columns}
            rows={labels.data.items}
            rowKey={(label) => label.id}
            empty={
              <EmptyState title="No labels yet">
                Add one above, then give it to contacts as you add or import them.
              </EmptyState>
            }
          />
        ) : null}
      </Panel>
      <ConfirmDialog
        open={removing !== null}
        title={`Delete ${removing?.name ?? 'the label'}?`}
        confirmLabel="Delete label"
        danger
        onConfirm={() => {
          const label = removing;
          setRemoving(null);
          if (!label) return;
          api
            .removeLabel(label.id)
            .then(labels.reload, (failure: unknown) =>
              showToast({ type: 'danger', message: serverMessage(failure) }),
            );
        }}
        onCancel={() => setRemoving(null)}
      >
        <p>
          Its {removing?.members.toLocaleString('en-US') ?? ''} contacts stay in the contact book; only the
          label goes.
        </p>
      </ConfirmDialog>
    </Page>
  );
}
