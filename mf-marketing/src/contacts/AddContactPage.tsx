import {
  LoadStatus,
  navigate,
  Page,
  Panel,
  RoleLockedPage,
  roleAllows,
  showToast,
  useLoad,
} from '@app/shared';
import { contactApi } from './api.ts';
import { ContactForm } from './ContactForm.tsx';

/**
 * /contact/add (§2 Add Contact): one contact with its built-in fields, the company's custom fields
 * by type and its labels; the server's refusals (a duplicate address, a wrong value, the plan's
 * contact limit) show on the field or above the form, which keeps what was typed.
 */
export function AddContactPage() {
  const api = contactApi();
  const fields = useLoad(() => api.fields(), [api]);
  const labels = useLoad(() => api.labels(), [api]);
  if (!roleAllows('contacts.manage'))
    return <RoleLockedPage title="Add Contact" permission="contacts.manage" />;

  return (
    <Page title="Add Contact" description="A contact added here is subscribed; its consent is yours to keep.">
      <Panel>
        <LoadStatus
          loaded={fields}
          lines={4}
          loading="Loading fields ..."
          failed="The contact fields could not be loaded"
        />
        {fields.data ? (
          <ContactForm
            name="Add contact"
            fields={fields.data.items}
            labels={labels.data?.items ?? []}
            submitLabel="Add contact"
            onSubmit={async (body) => {
              // The new contact's schema required the address; the server refuses one without it.
              const contact = await api.create({ ...body, email: body.email ?? '' });
              showToast({ type: 'success', message: `${contact.email} is added to the contact book.` });
              navigate('/contact');
            }}
          />
        ) : null}
      </Panel>
    </Page>
  );
}
