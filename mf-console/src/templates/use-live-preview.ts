import type { TemplatePreview } from '@app/contract';
import { engineMessage, parseSampleData, type TemplateFormValues } from '@app/shared';
import { useEffect, useRef, useState } from 'react';
import { previewContent } from './api.ts';
import { contentOf } from './template-form.ts';

export type LivePreview =
  | { status: 'idle' | 'rendering'; preview: TemplatePreview | null; error: null }
  | { status: 'ready'; preview: TemplatePreview; error: null }
  | { status: 'failed'; preview: TemplatePreview | null; error: string };

const delayMs = 400;

/**
 * The engine's rendering of the editor's content with the sample data, asked again `delayMs` after
 * the last change; an answer older than the newest question is dropped. Nothing is stored.
 */
export function useLivePreview(values: TemplateFormValues): LivePreview {
  const [state, setState] = useState<LivePreview>({ status: 'idle', preview: null, error: null });
  const asked = useRef(0);
  const { html, text, subject, fromEmail, fromName, replyTo, sampleData } = values;

  useEffect(() => {
    const mine = ++asked.current;
    const sample = parseSampleData(sampleData);
    if ('error' in sample) {
      setState((current) => ({ status: 'failed', preview: current.preview, error: sample.error }));
      return;
    }
    if (!html.trim() && !text.trim()) {
      setState({ status: 'idle', preview: null, error: null });
      return;
    }
    const timer = setTimeout(() => {
      setState((current) => ({ status: 'rendering', preview: current.preview, error: null }));
      previewContent(contentOf(values), sample.data).then(
        (preview) => {
          if (mine === asked.current) setState({ status: 'ready', preview, error: null });
        },
        (error: unknown) => {
          if (mine !== asked.current) return;
          setState((current) => ({
            status: 'failed',
            preview: current.preview,
            error: engineMessage(error),
          }));
        },
      );
    }, delayMs);
    return () => clearTimeout(timer);
  }, [html, text, subject, fromEmail, fromName, replyTo, sampleData]);

  return state;
}
