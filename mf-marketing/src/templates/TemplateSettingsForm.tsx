import { type TemplateCategory, templateCategories } from '@app/contract/marketing/template-words';
import type { Template, TemplateUpdateBody } from '@app/contract/marketing/templates';
import { Button, FormError, SelectField, TextField } from '@app/shared';
import { forwardRef, useState } from 'react';
import { type SettingsHandle, useSettingsSubmit } from '../settings-form.ts';
import { ThumbnailUpload } from './ThumbnailUpload.tsx';

/** Labels as typed: comma-separated. */
const labelsOf = (text: string) =>
  text
    .split(',')
    .map((label) => label.trim())
    .filter(Boolean);

/**
 * A template's own fields: name, category, labels (§5: letters, digits, spaces and hyphens are kept),
 * its thumbnail image, and an email template's subject and preheader.
 */
export const TemplateSettingsForm = forwardRef<
  SettingsHandle,
  {
    template: Template;
    /** Stores the change made of the template as it is then (the design may have been saved since this form opened). */
    save: (patchOf: (latest: Template) => TemplateUpdateBody) => Promise<unknown>;
    /** Keeps an image among the company's files: its address. */
    uploadThumbnail: (file: File) => Promise<string>;
  }
>(function TemplateSettingsForm({ template, save, uploadThumbnail }, ref) {
  const content = template.content;
  const [name, setName] = useState(template.name);
  const [category, setCategory] = useState<TemplateCategory>(template.category);
  const [labels, setLabels] = useState(template.labels.join(', '));
  const [thumbnail, setThumbnail] = useState(template.thumbnail ?? '');
  const [subject, setSubject] = useState(content.type === 'email' ? content.subject : '');
  const [preheader, setPreheader] = useState(content.type === 'email' ? content.preheader : '');
  const { failure, busy, onSubmit } = useSettingsSubmit(ref, {
    check: () => (name.trim() === '' ? 'Enter the template name' : undefined),
    save: () =>
      save((latest) => ({
        name: name.trim(),
        category,
        labels: labelsOf(labels),
        thumbnail: thumbnail.trim() || null,
        ...(latest.content.type === 'email'
          ? { content: { ...latest.content, subject: subject.trim(), preheader: preheader.trim() } }
          : {}),
      })),
  });

  return (
    <form noValidate aria-label="Template settings" style={{ maxWidth: 640 }} onSubmit={onSubmit}>
      <FormError message={failure} />
      <TextField
        label="Template name"
        maxLength={100}
        value={name}
        onChange={(event) => setName(event.target.value)}
      />
      <SelectField
        label="Category"
        value={category}
        options={templateCategories}
        onChange={(value) => setCategory(value as TemplateCategory)}
      />
      <TextField
        label="Labels"
        maxLength={450}
        value={labels}
        hint="Separated by commas; letters, digits, spaces and hyphens are kept (at most 10)."
        onChange={(event) => setLabels(event.target.value)}
      />
      {content.type === 'email' ? (
        <>
          <TextField
            label="Subject"
            maxLength={250}
            value={subject}
            onChange={(event) => setSubject(event.target.value)}
          />
          <TextField
            label="Preheader"
            maxLength={250}
            value={preheader}
            hint="The line mail clients show after the subject"
            onChange={(event) => setPreheader(event.target.value)}
          />
        </>
      ) : null}
      <TextField
        label="Thumbnail image address"
        type="url"
        maxLength={2000}
        placeholder="https://"
        value={thumbnail}
        hint="An image of the File Manager, for instance; without one, the card shows the template itself."
        onChange={(event) => setThumbnail(event.target.value)}
      />
      <ThumbnailUpload upload={uploadThumbnail} onUploaded={setThumbnail} />
      <Button type="submit" busy={busy}>
        Save settings
      </Button>
    </form>
  );
});
