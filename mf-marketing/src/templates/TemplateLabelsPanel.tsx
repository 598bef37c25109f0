import type { TemplateLabelEntry } from '@app/contract/marketing/templates';
import { Button, ConfirmButton, EmptyState, type Loaded, LoadStatus, Panel, showToast } from '@app/shared';
import { useState } from 'react';
import { rowAction } from '../lists/row-action.ts';
import type { TemplateApi } from './api.ts';
import { OneFieldDialog } from './OneFieldDialog.tsx';

/** §7 template labels: the company's list, each with how many templates carry it; renamed or deleted everywhere. */
export function TemplateLabelsPanel({
  api,
  labels,
  canManage,
  onChanged,
}: {
  api: TemplateApi;
  labels: Loaded<TemplateLabelEntry[]>;
  canManage: boolean;
  onChanged: () => void;
}) {
  const [renaming, setRenaming] = useState<TemplateLabelEntry | null>(null);
  const act = rowAction(onChanged);
  return (
    <Panel title="Template labels">
      <LoadStatus
        loaded={labels}
        lines={2}
        loading="Loading labels ..."
        failed="The labels could not be loaded"
      />
      {labels.data?.length === 0 ? (
        <EmptyState title="No labels yet">
          Labels are added as you give them to templates in their composer: letters, digits, spaces and
          hyphens.
        </EmptyState>
      ) : null}
      {labels.data && labels.data.length > 0 ? (
        <ul className="template-label-list" aria-label="Template labels">
          {labels.data.map((label) => (
            <li key={label.labelId} className="app-page-actions">
              <strong>{label.name}</strong>
              <span className="muted">
                {label.templates === 1 ? '1 template' : `${label.templates} templates`}
              </span>
              {canManage ? (
                <>
                  <Button size="small" variant="secondary" onClick={() => setRenaming(label)}>
                    Rename
                  </Button>
                  <ConfirmButton
                    label="Delete"
                    size="small"
                    title="Delete label"
                    question={
                      <p>Delete the label {label.name}? The templates that carry it keep everything else.</p>
                    }
                    confirmLabel="Delete"
                    onConfirm={() => act(() => api.removeLabel(label.labelId), `${label.name} is deleted.`)}
                  />
                </>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      <OneFieldDialog
        open={renaming !== null}
        title={`Rename ${renaming?.name ?? 'the label'}`}
        label="Label"
        initial={renaming?.name ?? ''}
        maxLength={40}
        hint="Letters, digits, spaces and hyphens are kept; every template with the label follows."
        submitLabel="Rename"
        submit={async (name) => {
          if (!renaming) return;
          const renamed = await api.renameLabel(renaming.labelId, name);
          showToast({ type: 'success', message: `The label is now ${renamed.name}.` });
          onChanged();
        }}
        onClose={() => setRenaming(null)}
      />
    </Panel>
  );
}
