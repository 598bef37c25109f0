import { useStore } from '@nanostores/react';
import { useEditor } from './editor-context.ts';

export interface ViewOptions {
  mobile: boolean;
  dark: boolean;
}

export function Toolbar({
  view,
  onViewChange,
  onPreview,
  onSave,
  onPublish,
}: {
  view: ViewOptions;
  onViewChange(change: Partial<ViewOptions>): void;
  onPreview(): void;
  onSave(): void;
  /** Absent when the editor has no template: the page stores the design, nothing is published. */
  onPublish?: (() => void) | undefined;
}) {
  const { store, labels } = useEditor();
  const history = useStore(store.$history);
  const dirty = useStore(store.$dirty);
  const saving = useStore(store.$saveState) === 'saving';
  const published = useStore(store.$published);
  const status = saving ? labels.statusSaving : dirty ? labels.statusDirty : labels.statusSaved;
  return (
    <div className="ee-toolbar" role="toolbar" aria-label={labels.toolbar} data-testid="editor-toolbar">
      <div className="ee-toolbar__group">
        <button
          type="button"
          className="ee-button"
          disabled={history.past.length === 0}
          onClick={store.undo}
          aria-keyshortcuts="Control+Z"
        >
          {labels.undo}
        </button>
        <button
          type="button"
          className="ee-button"
          disabled={history.future.length === 0}
          onClick={store.redo}
          aria-keyshortcuts="Control+Shift+Z Control+Y"
        >
          {labels.redo}
        </button>
      </div>
      <fieldset className="ee-toolbar__group" style={{ border: 0, margin: 0, padding: 0 }}>
        <legend className="ee-visually-hidden">{labels.previewWidth}</legend>
        <button
          type="button"
          className="ee-button"
          aria-pressed={!view.mobile}
          onClick={() => onViewChange({ mobile: false })}
        >
          {labels.desktop}
        </button>
        <button
          type="button"
          className="ee-button"
          aria-pressed={view.mobile}
          onClick={() => onViewChange({ mobile: true })}
        >
          {labels.mobile}
        </button>
      </fieldset>
      <button
        type="button"
        className="ee-button"
        aria-pressed={view.dark}
        onClick={() => onViewChange({ dark: !view.dark })}
      >
        {labels.dark}
      </button>
      <button type="button" className="ee-button" onClick={onPreview}>
        {labels.preview}
      </button>
      <span className="ee-toolbar__spacer" />
      <span className="ee-status" role="status" aria-live="polite" data-testid="save-status">
        {status}
      </span>
      {published && <span className="ee-badge">{labels.published}</span>}
      <button
        type="button"
        className="ee-button"
        disabled={saving}
        onClick={onSave}
        aria-keyshortcuts="Control+S"
      >
        {labels.save}
      </button>
      {onPublish && (
        <button type="button" className="ee-button ee-button--primary" disabled={saving} onClick={onPublish}>
          {labels.publish}
        </button>
      )}
    </div>
  );
}
