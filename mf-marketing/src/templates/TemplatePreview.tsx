import type { Template } from '@app/contract/marketing/templates';
import { Skeleton, useLoad } from '@app/shared';
import type { TemplateApi } from './api.ts';

/**
 * A template's thumbnail: its own image when it has one, else the mail, page or form it makes, drawn
 * small in a frame that runs no script and that focus and screen readers pass by (`inert`).
 */
export function TemplatePreview({ api, template }: { api: TemplateApi; template: Template }) {
  const html = useLoad(
    () => (template.thumbnail ? Promise.resolve('') : api.preview(template.templateId)),
    [api, template.templateId, template.thumbnail, template.lastUpdate],
  );
  if (template.thumbnail)
    return <img className="template-thumb" src={template.thumbnail} alt={`Preview of ${template.name}`} />;
  if (html.data === undefined)
    return (
      <div className="template-thumb">
        {html.error ? (
          <p className="muted">No preview</p>
        ) : (
          <Skeleton lines={4} label="Loading the preview ..." />
        )}
      </div>
    );
  return (
    <div className="template-thumb" inert>
      <iframe title={`Preview of ${template.name}`} sandbox="" srcDoc={html.data} loading="lazy" />
    </div>
  );
}
