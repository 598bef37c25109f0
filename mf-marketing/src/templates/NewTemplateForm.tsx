import {
  type TemplateCategory,
  type TemplateType,
  templateCategories,
  templateTypeLabels,
} from '@app/contract/marketing/template-words';
import { Button, FormError, navigate, SelectField, TextField } from '@app/shared';
import { useState } from 'react';
import { serverMessage } from '../server-message.ts';
import { type TemplateApi, templateComposePath } from './api.ts';

/** Names a new, empty template of `type` (and its category): it is made and opens in its composer. */
export function NewTemplateForm({ api, type }: { api: TemplateApi; type: TemplateType }) {
  const [name, setName] = useState('');
  const [category, setCategory] = useState<TemplateCategory>('other');
  const [problem, setProblem] = useState<string>();
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <form
      noValidate
      aria-label={`New ${templateTypeLabels[type].toLowerCase()} template`}
      style={{ maxWidth: 560 }}
      onSubmit={async (event) => {
        event.preventDefault();
        setFailure(null);
        const wanted = name.trim();
        setProblem(wanted === '' ? 'Enter the template name' : undefined);
        if (wanted === '') return;
        setBusy(true);
        try {
          navigate(templateComposePath(await api.create({ type, name: wanted, category })));
        } catch (error) {
          setFailure(serverMessage(error));
        } finally {
          setBusy(false);
        }
      }}
    >
      <FormError message={failure} />
      <TextField
        label="Template name"
        name="name"
        autoComplete="off"
        maxLength={100}
        value={name}
        error={problem}
        onChange={(event) => setName(event.target.value)}
      />
      <SelectField
        label="Category"
        value={category}
        options={templateCategories}
        onChange={(value) => setCategory(value as TemplateCategory)}
      />
      <Button type="submit" busy={busy}>
        Create and design
      </Button>
    </form>
  );
}
