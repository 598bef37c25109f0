import {
  Button,
  FormError,
  formSchema,
  LinkButton,
  LoadStatus,
  navigate,
  Page,
  Panel,
  RoleLockedPage,
  roleAllows,
  showToast,
  TextField,
  useLoad,
  useZodForm,
} from '@app/shared';
import { useState } from 'react';
import { labelled } from '../forms/labelled-field.ts';
import { contactApi } from './api.ts';
import { CustomFieldInput } from './CustomFieldInput.tsx';
import { LabelChoice } from './LabelChoice.tsx';

/**
 * /contact/add (§2 Add Contact): one contact with its built-in fields, the company's custom fields
 * by type and its labels; the server's refusals (a duplicate address, a wrong value, the plan's
 * contact limit) show on the field or above the form, which keeps what was typed.
 */
export function AddContactPage() {
  const api = contactApi();
  const fields = useLoad(() => api.fields(), [api]);
  const labels = useLoad(() => api.labels(), [api]);
  const form = useZodForm(formSchema('newContactBody'), {
    email: '',
    firstname: '',
    lastname: '',
    phone: '',
    fields: {},
    labels: [],
  });
  const [custom, setCustom] = useState<Record<string, string>>({});
  const [chosen, setChosen] = useState<string[]>([]);
  if (!roleAllows('contacts.manage'))
    return <RoleLockedPage title="Add Contact" permission="contacts.manage" />;
  const customFields = (fields.data?.items ?? []).filter((field) => !field.builtIn);

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
          <form
            noValidate
            aria-label="Add contact"
            style={{ maxWidth: 560 }}
            onSubmit={(event) => {
              event.preventDefault();
              void form.submit(async (body) => {
                const contact = await api.create({
                  ...body,
                  fields: Object.fromEntries(Object.entries(custom).filter(([, value]) => value !== '')),
                  labels: chosen,
                });
                showToast({ type: 'success', message: `${contact.email} is added to the contact book.` });
                navigate('/contact');
              });
            }}
          >
            <FormError message={form.formError} />
            <TextField type="email" autoComplete="off" {...labelled('Email', form.field('email'))} />
            <TextField autoComplete="off" {...labelled('First name', form.field('firstname'))} />
            <TextField autoComplete="off" {...labelled('Last name', form.field('lastname'))} />
            <TextField type="tel" autoComplete="off" {...labelled('Phone', form.field('phone'))} />
            {customFields.map((field) => (
              <CustomFieldInput
                key={field.id}
                field={field}
                value={custom[field.tag] ?? ''}
                error={form.errors[`fields.${field.tag}`]}
                onChange={(value) => setCustom((current) => ({ ...current, [field.tag]: value }))}
              />
            ))}
            <LabelChoice
              legend="Labels"
              labels={labels.data?.items ?? []}
              chosen={chosen}
              onChange={setChosen}
            />
            <div className="app-page-actions">
              <Button type="submit" busy={form.busy}>
                Add contact
              </Button>
              <LinkButton to="/contact">Cancel</LinkButton>
            </div>
          </form>
        ) : null}
      </Panel>
    </Page>
  );
}
