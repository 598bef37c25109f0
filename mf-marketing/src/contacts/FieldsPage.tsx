import type { ContactField, ContactFieldType } from '@app/contract/marketing/contacts';
import {
  Button,
  type Column,
  FormError,
  formSchema,
  Page,
  Panel,
  roleAllows,
  SelectField,
  showToast,
  TextAreaField,
  TextField,
  useLoad,
  useZodForm,
} from '@app/shared';
import { useState } from 'react';
import { labelled } from '../labelled-field.ts';
import { contactApi } from './api.ts';
import { EntityList } from './EntityList.tsx';

/** The §3 field types as the page names them (the contract's list carries zod, which areas never bundle). */
export const fieldTypeLabels: Record<ContactFieldType, string> = {
  text: 'Text',
  number: 'Number',
  date: 'Date',
  boolean: 'Yes or no',
  choice: 'Choice',
};

const typeOptions = Object.entries(fieldTypeLabels).map(([value, label]) => ({ value, label }));

/** A tag suggested from a field's name: lower-case letters, digits and _, starting with a letter. */
export function tagOf(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^[^a-z]+|_+$/g, '')
    .slice(0, 40);
}

/**
 * /contact/field: the built-in fields and the company's custom ones, each with the tag that is its
 * merge tag in emails; a custom field is added by name, tag and type (a tag no other field uses, §5)
 * within the plan's custom field limit, and deleted with every contact's value of it.
 */
export function FieldsPage() {
  const api = contactApi();
  const fields = useLoad(() => api.fields(), [api]);
  const [tagEdited, setTagEdited] = useState(false);
  const [choices, setChoices] = useState('');
  const canManage = roleAllows('contacts.manage');
  const form = useZodForm(formSchema('newFieldBody'), { name: '', tag: '', type: 'text' });

  const columns: Column<ContactField>[] = [
    { key: 'name', label: 'Field', render: (field) => field.name },
    { key: 'tag', label: 'Merge tag', render: (field) => <code>{`{{${field.tag}}}`}</code> },
    {
      key: 'type',
      label: 'Type',
      render: (field) =>
        field.type === 'choice'
          ? `${fieldTypeLabels.choice}: ${(field.choices ?? []).join(', ')}`
          : fieldTypeLabels[field.type],
    },
  ];

  const type = String(form.values.type);
  return (
    <Page
      title="Contact Fields"
      description="What you know about each contact; each field's tag is its merge tag."
    >
      {canManage ? (
        <Panel title="New custom field">
          <form
            noValidate
            aria-label="New custom field"
            style={{ maxWidth: 560 }}
            onSubmit={(event) => {
              event.preventDefault();
              const list = choices
                .split('\n')
                .map((choice) => choice.trim())
                .filter(Boolean);
              if (type === 'choice') form.set('choices', list);
              void form.submit(async (body) => {
                const field = await api.createField(type === 'choice' ? { ...body, choices: list } : body);
                showToast({
                  type: 'success',
                  message: `The field ${field.name} is added: {{${field.tag}}}.`,
                });
                form.set('name', '');
                form.set('tag', '');
                setChoices('');
                setTagEdited(false);
                fields.reload();
              });
            }}
          >
            <FormError message={form.formError} />
            <TextField
              autoComplete="off"
              {...labelled('Field name', form.field('name'))}
              onChange={(event) => {
                form.set('name', event.target.value);
                if (!tagEdited) form.set('tag', tagOf(event.target.value));
              }}
            />
            <TextField
              autoComplete="off"
              hint="Lower-case letters, digits and _; used as {{tag}} in emails."
              {...labelled('Tag', form.field('tag'))}
              onChange={(event) => {
                setTagEdited(true);
                form.set('tag', event.target.value);
              }}
            />
            <SelectField
              label="Type"
              value={type}
              options={typeOptions}
              onChange={(value) => form.set('type', value)}
            />
            {type === 'choice' ? (
              <TextAreaField
                label="Choices, one a line"
                value={choices}
                error={form.errors.choices}
                onChange={setChoices}
              />
            ) : null}
            <Button type="submit" busy={form.busy}>
              Add field
            </Button>
          </form>
        </Panel>
      ) : null}
      <EntityList
        title="Fields"
        label="Contact fields"
        noun="field"
        loaded={fields}
        lines={4}
        loading="Loading fields ..."
        failed="The fields could not be loaded"
        columns={columns}
        canRemove={canManage}
        remove={(field) => api.removeField(field.id)}
        question={(field) => (
          <p>
            Every contact's value of it is deleted too, and {`{{${field?.tag ?? ''}}}`} no longer fills in.
          </p>
        )}
      />
    </Page>
  );
}
