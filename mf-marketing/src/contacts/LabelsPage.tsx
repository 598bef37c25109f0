import type { Label } from '@app/contract/marketing/contacts';
import {
  Button,
  type Column,
  EmptyState,
  FormError,
  formatUserDateTime,
  formSchema,
  Page,
  Panel,
  roleAllows,
  showToast,
  TextField,
  useLoad,
  useZodForm,
} from '@app/shared';
import { labelled } from '../labelled-field.ts';
import { contactApi } from './api.ts';
import { EntityList } from './EntityList.tsx';

/**
 * /contact/label: the company's labels (static lists) with their exact member counts; a label is
 * added here, filled from Add Contact, an import or the Contact Book, and deleted without its contacts.
 */
export function LabelsPage() {
  const api = contactApi();
  const labels = useLoad(() => api.labels(), [api]);
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
      <EntityList
        title="Your labels"
        label="Labels"
        noun="label"
        loaded={labels}
        lines={3}
        loading="Loading labels ..."
        failed="The labels could not be loaded"
        columns={columns}
        viewContacts={(label) => `/contact?label=${label.id}`}
        empty={
          <EmptyState title="No labels yet">
            Add one above, then give it to contacts as you add or import them.
          </EmptyState>
        }
        canRemove={canManage}
        remove={(label) => api.removeLabel(label.id)}
        question={(label) => (
          <p>
            Its {label?.members.toLocaleString('en-US') ?? ''} contacts stay in the contact book; only the
            label goes.
          </p>
        )}
      />
    </Page>
  );
}
