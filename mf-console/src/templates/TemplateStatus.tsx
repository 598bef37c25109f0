import type { TemplateSummary } from '@app/contract';
import { StatusTag } from '@app/shared';

/** Published, Draft, or Published with a draft of unpublished changes. */
export function TemplateStatus({
  template,
}: {
  template: Pick<TemplateSummary, 'has_draft' | 'has_published'>;
}) {
  return (
    <span style={{ display: 'inline-flex', gap: 4, flexWrap: 'wrap' }}>
      {template.has_published ? <StatusTag variant="success">Published</StatusTag> : null}
      {template.has_draft ? (
        <StatusTag variant="neutral">{template.has_published ? 'Unpublished changes' : 'Draft'}</StatusTag>
      ) : null}
    </span>
  );
}
