import type { PageCategory } from '@app/contract/marketing/pages';
import { pageTypes } from '@app/contract/rules/constants';
import { permalinkOf } from '@app/contract/rules/url';
import { Button, FormError, navigate, SelectField, TextField } from '@app/shared';
import { useState } from 'react';
import { serverMessage } from '../server-message.ts';
import type { PageApi } from './api.ts';
import { usePermalinkCheck } from './permalink.ts';

const categoryOptions = pageTypes.map((type) => ({ value: type.value, label: type.label }));

/** Names a new page (its category and permalink too): it is made a draft and opens in the builder. */
export function NewPageForm({ api }: { api: PageApi }) {
  const [name, setName] = useState('');
  const [category, setCategory] = useState<PageCategory>('LANDING');
  // The permalink follows the name until it is typed itself.
  const [typed, setTyped] = useState<string | null>(null);
  const permalink = typed ?? permalinkOf(name);
  const check = usePermalinkCheck(api, permalink);
  const [problems, setProblems] = useState<{ name?: string; permalink?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const permalinkProblem = problems.permalink ?? (check.status === 'invalid' ? check.message : undefined);
  return (
    <form
      noValidate
      aria-label="New page"
      style={{ maxWidth: 560 }}
      onSubmit={async (event) => {
        event.preventDefault();
        setFailure(null);
        const wanted = name.trim();
        const found = {
          ...(wanted === '' ? { name: 'Enter the page name' } : {}),
          ...(permalink === '' ? { permalink: 'Enter the permalink' } : {}),
        };
        setProblems(found);
        if (Object.keys(found).length > 0 || check.status === 'invalid') return;
        setBusy(true);
        try {
          const page = await api.create({ name: wanted, category, permalink });
          navigate(`/page/compose/${encodeURIComponent(page.pageId)}`);
        } catch (error) {
          const message = serverMessage(error);
          if (message === 'This URL already exists') setProblems({ permalink: message });
          else setFailure(message);
        } finally {
          setBusy(false);
        }
      }}
    >
      <FormError message={failure} />
      <TextField
        label="Page name"
        name="name"
        hint="For you and your team; the page's title is set in the builder"
        autoComplete="off"
        maxLength={100}
        value={name}
        error={problems.name}
        onChange={(event) => setName(event.target.value)}
      />
      <SelectField
        label="Category"
        value={category}
        options={categoryOptions}
        onChange={(value) => setCategory(value as PageCategory)}
      />
      <TextField
        label="Permalink"
        name="permalink"
        hint={
          check.status === 'checking'
            ? 'Checking ...'
            : check.status === 'valid'
              ? 'Free to use'
              : 'Lower-case letters, digits and hyphens: the end of the page address'
        }
        autoComplete="off"
        maxLength={100}
        value={permalink}
        error={permalinkProblem}
        onChange={(event) => setTyped(event.target.value.toLowerCase())}
      />
      <Button type="submit" busy={busy}>
        Create and build
      </Button>
    </form>
  );
}
