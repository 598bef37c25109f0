import type { TemplateFormValues } from '@app/shared';
import { Alert, Panel } from '@app/shared';
import { RenderedMessage } from './RenderedMessage.tsx';
import { styles } from './styles.ts';
import { useLivePreview } from './use-live-preview.ts';

/** The engine's rendering of what is in the editor, with the sample data; its refusal word for word. */
export function LivePreviewPanel({ values }: { values: TemplateFormValues }) {
  const live = useLivePreview(values);
  return (
    <Panel title="Preview">
      <p className="muted" role="status">
        {live.status === 'rendering'
          ? 'Rendering ...'
          : live.status === 'idle'
            ? 'Write the HTML or the text: the engine renders it here with the sample data.'
            : 'Rendered by the engine with the sample data, as a recipient would receive it.'}
      </p>
      {live.status === 'failed' ? (
        <Alert type="danger" title="The template cannot be rendered">
          <pre style={styles.error} data-testid="preview-error">
            {live.error}
          </pre>
        </Alert>
      ) : null}
      {live.preview ? <RenderedMessage preview={live.preview} label="Preview of the template" /> : null}
    </Panel>
  );
}
