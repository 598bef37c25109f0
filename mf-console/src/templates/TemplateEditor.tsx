import {
  Button,
  engineMessage,
  FormError,
  formSchema,
  navigate,
  Panel,
  SwitchField,
  showToast,
  type TemplateFormValues,
  TextAreaField,
  TextField,
  useZodForm,
} from '@app/shared';
import { useEffect, useRef, useState } from 'react';
import { createTemplate, updateTemplate } from './api.ts';
import { CodeField } from './CodeField.tsx';
import { LivePreviewPanel } from './LivePreviewPanel.tsx';
import { styles } from './styles.ts';
import { bodyOf } from './template-form.ts';

type Action = 'draft' | 'publish';

/**
 * The template editor of /template/add and /template/edit/:id: the template's fields, its HTML, text
 * and sample data in code editors, and the engine's live preview beside them. "Save draft" (also
 * Ctrl+S) keeps the published version unchanged; "Publish" makes the content the one sent.
 */
export function TemplateEditor({
  templateId,
  initial,
  onSaved,
}: {
  /** The stored template being edited; none while adding one. */
  templateId?: string;
  initial: TemplateFormValues;
  /** After a draft of a stored template is saved (the page shows its new state). */
  onSaved?: () => void;
}) {
  const form = useZodForm(formSchema('templateFormSchema'), initial);
  const { values } = form;
  const [action, setAction] = useState<Action | null>(null);

  const save = (next: Action) => {
    if (form.busy) return;
    setAction(next);
    void form
      .submit(async (valid) => {
        const body = bodyOf(valid, next === 'publish');
        let id = templateId;
        try {
          if (id) await updateTemplate(id, body);
          else id = await createTemplate(body);
        } catch (error) {
          throw new Error(engineMessage(error));
        }
        if (next === 'publish') {
          navigate(`/template/created/${encodeURIComponent(id)}`);
          return;
        }
        showToast({ type: 'success', message: 'Draft saved.' });
        if (templateId) onSaved?.();
        else navigate(`/template/edit/${encodeURIComponent(id)}`);
      })
      .finally(() => setAction(null));
  };

  // Ctrl+S (Cmd+S) saves the draft, wherever the focus is on the page.
  const saveDraft = useRef(() => save('draft'));
  saveDraft.current = () => save('draft');
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 's') {
        event.preventDefault();
        saveDraft.current();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  return (
    <form
      noValidate
      aria-label="Template"
      onSubmit={(event) => {
        event.preventDefault();
        save('publish');
      }}
    >
      <FormError message={form.formError} />
      <div style={styles.columns}>
        <div style={styles.column}>
          <Panel title="Settings">
            <TextField
              label="Template ID"
              hint={
                templateId
                  ? 'The ID transmissions use; it cannot change.'
                  : 'Letters, digits, ".", "_" and "-". Left empty, it is made from the name.'
              }
              readOnly={Boolean(templateId)}
              autoComplete="off"
              {...form.field('id', (value) => value.trim())}
            />
            <TextField label="Name" autoComplete="off" {...form.field('name')} />
            <TextAreaField
              label="Description (optional)"
              rows={2}
              value={values.description}
              error={form.errors.description}
              onChange={(value) => form.set('description', value)}
            />
            <div style={styles.pair}>
              <div style={styles.pairItem}>
                <TextField
                  label="From email"
                  type="email"
                  autoComplete="off"
                  hint="An address of a verified sending domain, or a {{substitution}}."
                  {...form.field('fromEmail', (value) => value.trim())}
                />
              </div>
              <div style={styles.pairItem}>
                <TextField label="From name (optional)" autoComplete="off" {...form.field('fromName')} />
              </div>
            </div>
            <TextField
              label="Subject"
              autoComplete="off"
              hint="Substitutions such as {{first_name}} are filled in for each recipient."
              {...form.field('subject')}
            />
            <TextField label="Reply-To (optional)" autoComplete="off" {...form.field('replyTo')} />
            <SwitchField
              label="Track opens"
              checked={values.openTracking}
              onChange={(checked) => form.set('openTracking', checked)}
            />
            <SwitchField
              label="Track clicks"
              checked={values.clickTracking}
              onChange={(checked) => form.set('clickTracking', checked)}
            />
          </Panel>
          <Panel title="Content">
            <CodeField
              label="HTML"
              language="html"
              value={values.html}
              error={form.errors.html}
              hint="The HTML version. {{name}} substitutes a value; {{if ...}} ... {{else}} ... {{end}} and {{each ...}} blocks repeat or choose parts."
              onChange={(value) => form.set('html', value)}
            />
            <CodeField
              label="Text"
              language="text"
              value={values.text}
              hint="The plain-text version, for mail clients that show no HTML."
              onChange={(value) => form.set('text', value)}
            />
            <CodeField
              label="Sample substitution data (JSON)"
              language="json"
              value={values.sampleData}
              error={form.errors.sampleData}
              hint={`Used by the preview and stored as the template's default data, e.g. {"first_name": "Ada"}.`}
              onChange={(value) => form.set('sampleData', value)}
            />
          </Panel>
          <div style={styles.actions}>
            <Button
              variant="secondary"
              busy={action === 'draft'}
              disabled={form.busy}
              onClick={() => save('draft')}
            >
              Save draft
            </Button>
            <Button type="submit" busy={action === 'publish'} disabled={form.busy}>
              Publish
            </Button>
            <span className="muted">Ctrl+S saves the draft.</span>
          </div>
        </div>
        <div style={styles.column}>
          <div style={styles.sticky}>
            <LivePreviewPanel values={values} />
          </div>
        </div>
      </div>
    </form>
  );
}
