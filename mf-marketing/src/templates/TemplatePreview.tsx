import type { Template } from '@app/contract/marketing/templates';
import { Skeleton, useLoad } from '@app/shared';
import { useEffect, useRef, useState } from 'react';
import type { TemplateApi } from './api.ts';

const loadingPreview = <Skeleton lines={4} label="Loading the preview ..." />;

/**
 * A template's thumbnail: its own image when it has one, else the mail, page or form it makes, drawn
 * small in a frame that runs no script and that focus and screen readers pass by (`inert`). The
 * render is asked for once the card comes near the screen, not for every card of the list at once.
 */
export function TemplatePreview({ api, template }: { api: TemplateApi; template: Template }) {
  const placeholder = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = placeholder.current;
    if (!element || near) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: '200px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);

  if (template.thumbnail)
    return <img className="template-thumb" src={template.thumbnail} alt={`Preview of ${template.name}`} />;
  if (!near)
    return (
      <div ref={placeholder} className="template-thumb">
        {loadingPreview}
      </div>
    );
  return <RenderedPreview api={api} template={template} />;
}

function RenderedPreview({ api, template }: { api: TemplateApi; template: Template }) {
  const html = useLoad(
    () => api.preview(template.templateId),
    [api, template.templateId, template.lastUpdate],
  );
  if (html.data === undefined)
    return (
      <div className="template-thumb">
        {html.error ? <p className="muted">No preview</p> : loadingPreview}
      </div>
    );
  return (
    <div className="template-thumb" inert>
      <iframe title={`Preview of ${template.name}`} sandbox="" srcDoc={html.data} loading="lazy" />
    </div>
  );
}
