import type { Page as LandingPage, PageCategory, PageUpdateBody } from '@app/contract/marketing/pages';
import { pageTypes } from '@app/contract/rules/constants';
import { Button, FormError, SelectField, SwitchField, TextAreaField, TextField } from '@app/shared';
import { forwardRef, useState } from 'react';
import { type SettingsHandle, useSettingsSubmit } from '../settings-form.ts';
import type { PageApi } from './api.ts';
import { usePermalinkCheck } from './permalink.ts';

const categoryOptions = pageTypes.map((type) => ({ value: type.value, label: type.label }));

/** The page's own fields: name, category, permalink (checked as typed, §5), and what it tells browsers and search engines. */
export const PageSettingsForm = forwardRef<
  SettingsHandle,
  { api: PageApi; page: LandingPage; save: (patch: PageUpdateBody) => Promise<unknown> }
>(function PageSettingsForm({ api, page, save }, ref) {
  const [name, setName] = useState(page.name);
  const [category, setCategory] = useState<PageCategory>(page.category);
  const [permalink, setPermalink] = useState(page.permalink);
  const [title, setTitle] = useState(page.setting.title);
  const [description, setDescription] = useState(page.setting.description);
  const [noIndex, setNoIndex] = useState(page.setting.noIndex);
  // §5: the page's stored permalink counts as valid without a call.
  const check = usePermalinkCheck(api, permalink, { pageId: page.pageId, original: page.permalink });

  const { failure, busy, onSubmit } = useSettingsSubmit(ref, {
    check: () =>
      name.trim() === '' ? 'Enter the page name' : check.status === 'invalid' ? check.message : undefined,
    save: () =>
      save({
        name: name.trim(),
        category,
        // §5: the permalink is sent only when it changed.
        ...(permalink !== page.permalink ? { permalink } : {}),
        setting: { title: title.trim(), description: description.trim(), noIndex },
      }),
  });

  return (
    <form noValidate aria-label="Page settings" style={{ maxWidth: 640 }} onSubmit={onSubmit}>
      <FormError message={failure} />
      <TextField
        label="Page name"
        maxLength={100}
        value={name}
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
        maxLength={100}
        value={permalink}
        hint={
          check.status === 'checking'
            ? 'Checking ...'
            : `The end of the address: ${page.url.replace(/[^/]*$/, '')}${permalink}`
        }
        error={check.status === 'invalid' ? check.message : undefined}
        onChange={(event) => setPermalink(event.target.value.toLowerCase())}
      />
      <TextField
        label="Title"
        maxLength={120}
        value={title}
        hint="The browser tab's title and the link preview's; the page name when empty"
        onChange={(event) => setTitle(event.target.value)}
      />
      <TextAreaField
        label="Description"
        rows={2}
        value={description}
        hint="What search engines and link previews show under the title (at most 300 characters)"
        onChange={(value) => setDescription(value.slice(0, 300))}
      />
      <SwitchField
        label="Ask search engines not to list this page"
        checked={noIndex}
        onChange={setNoIndex}
        hint="Usual for a thank-you page"
      />
      <div>
        <Button type="submit" busy={busy}>
          Save settings
        </Button>
      </div>
    </form>
  );
});
