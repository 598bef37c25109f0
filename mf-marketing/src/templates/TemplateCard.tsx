import { templateCategories } from '@app/contract/marketing/template-words';
import type { Template } from '@app/contract/marketing/templates';
import { AppLink, Button, ConfirmButton, navigate, StatusTag, showToast } from '@app/shared';
import { useState } from 'react';
import { rowAction } from '../lists/row-action.ts';
import { serverMessage } from '../server-message.ts';
import { madeFromTemplatePath, type TemplateApi, templateComposePath } from './api.ts';
import { TemplatePreview } from './TemplatePreview.tsx';

const categoryLabel: Record<string, string> = Object.fromEntries(
  templateCategories.map((category) => [category.value, category.label]),
);

/**
 * One template in the Template Manager: its thumbnail, name, category and labels; "Use this template"
 * starts a campaign, page or form from it. The company's own are edited, shared and deleted; a
 * featured one is copied.
 */
export function TemplateCard({
  api,
  template,
  canManage,
  onShare,
  onChanged,
}: {
  api: TemplateApi;
  template: Template;
  canManage: boolean;
  onShare: (template: Template) => void;
  onChanged: () => void;
}) {
  const [busy, setBusy] = useState<'use' | 'copy' | null>(null);
  const run = async (what: 'use' | 'copy', action: () => Promise<void>) => {
    setBusy(what);
    try {
      await action();
    } catch (error) {
      showToast({ type: 'danger', message: serverMessage(error) });
    } finally {
      setBusy(null);
    }
  };
  const use = () =>
    run('use', async () => {
      navigate(madeFromTemplatePath(await api.use(template.templateId)));
    });
  const copy = () =>
    run('copy', async () => {
      const copied = await api.create({
        type: template.type,
        name: template.name,
        category: template.category,
        source: { from: 'template', id: template.templateId },
      });
      showToast({ type: 'success', message: `${copied.name} is added to your templates.` });
      navigate(templateComposePath(copied));
    });
  return (
    <li className="template-card" aria-label={template.name}>
      <TemplatePreview api={api} template={template} />
      <div className="template-card-body">
        <h3>{template.name}</h3>
        <span className="muted">
          {categoryLabel[template.category]}
          {template.containsForm ? ' · with its forms' : ''}
        </span>
        {template.labels.length > 0 ? (
          <span className="template-labels">
            {template.labels.map((label) => (
              <StatusTag key={label} variant="neutral">
                {label}
              </StatusTag>
            ))}
          </span>
        ) : null}
      </div>
      <div className="template-card-actions">
        <Button size="small" busy={busy === 'use'} disabled={busy !== null} onClick={() => void use()}>
          Use this template
        </Button>
        {template.featured ? (
          canManage ? (
            <Button
              size="small"
              variant="secondary"
              busy={busy === 'copy'}
              disabled={busy !== null}
              onClick={() => void copy()}
            >
              Save a copy
            </Button>
          ) : null
        ) : canManage ? (
          <>
            <AppLink to={templateComposePath(template)}>Edit</AppLink>
            <Button size="small" variant="secondary" onClick={() => onShare(template)}>
              Share
            </Button>
            <ConfirmButton
              label="Delete"
              size="small"
              title="Delete template"
              question={<p>Delete {template.name}? What was made from it stays as it is.</p>}
              confirmLabel="Delete"
              onConfirm={() =>
                rowAction(onChanged)(() => api.remove(template.templateId), `${template.name} is deleted.`)
              }
            />
          </>
        ) : null}
      </div>
    </li>
  );
}
