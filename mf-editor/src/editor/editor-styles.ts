// The editor's whole stylesheet: adopted into the shadow root of `<email-editor>` or, rendered in
// the light DOM, injected once into document.head. Colours keep text contrast at 4.5:1 or more.
// A vendor theme (the element's `theme` attribute) comes in as --ee-theme-* on an ancestor.
export const editorStyles = `
.ee-root {
  --ee-border: #d1d5db;
  --ee-muted: #4b5563;
  --ee-text: #111827;
  --ee-accent: var(--ee-theme-accent, #1d4ed8);
  --ee-accent-soft: #dbeafe;
  --ee-workspace: #eef0f3;
  --ee-danger: #b91c1c;
  --ee-radius: var(--ee-theme-radius, 8px);
  box-sizing: border-box;
  display: flex;
  flex-direction: column;
  height: 100%;
  min-height: 640px;
  color: var(--ee-text);
  font: 14px/1.4 var(--ee-theme-font, system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif);
  background: #fff;
  border: 1px solid var(--ee-border);
  border-radius: var(--ee-radius);
  overflow: hidden;
}
.ee-root *, .ee-root *::before, .ee-root *::after { box-sizing: inherit; }
.ee-root :focus-visible { outline: 2px solid var(--ee-accent); outline-offset: 2px; }
.ee-button {
  display: inline-flex; align-items: center; gap: 4px;
  min-height: 32px; padding: 4px 12px;
  border: 1px solid var(--ee-border); border-radius: 6px;
  background: #fff; color: var(--ee-text); font: inherit; cursor: pointer;
}
.ee-button:hover:not(:disabled) { background: #f3f4f6; }
.ee-button:disabled { color: #6b7280; cursor: not-allowed; }
.ee-button[aria-pressed='true'] { background: var(--ee-accent-soft); border-color: var(--ee-accent); color: #1e3a8a; }
.ee-button--primary { background: var(--ee-accent); border-color: var(--ee-accent); color: #fff; }
.ee-button--primary:hover:not(:disabled) { background: #1e40af; }
.ee-button--danger { color: var(--ee-danger); }
.ee-button--icon { min-width: 28px; min-height: 28px; padding: 2px 6px; justify-content: center; }
.ee-toolbar {
  display: flex; align-items: center; gap: 8px; flex-wrap: wrap;
  padding: 8px 12px; border-bottom: 1px solid var(--ee-border); background: #fff;
}
.ee-toolbar__group { display: inline-flex; gap: 4px; }
.ee-toolbar__spacer { flex: 1; }
.ee-status { color: var(--ee-muted); min-width: 9em; }
.ee-badge { padding: 2px 8px; border-radius: 999px; background: #dcfce7; color: #14532d; font-size: 12px; }
.ee-alert {
  display: flex; gap: 12px; align-items: center; justify-content: space-between;
  margin: 8px 12px 0; padding: 8px 12px; border: 1px solid #fca5a5; border-radius: var(--ee-radius);
  background: #fef2f2; color: #7f1d1d;
}
.ee-notice { margin: 8px 12px 0; padding: 8px 12px; border: 1px solid #86efac; border-radius: var(--ee-radius); background: #f0fdf4; color: #14532d; }
.ee-body { display: grid; grid-template-columns: 248px 1fr 320px; flex: 1; min-height: 0; }
.ee-palette, .ee-settings { overflow: auto; background: #fff; }
.ee-palette { border-right: 1px solid var(--ee-border); }
.ee-settings { border-left: 1px solid var(--ee-border); padding: 12px 16px; }
.ee-tabs { display: flex; border-bottom: 1px solid var(--ee-border); }
.ee-tab { flex: 1; padding: 10px 8px; border: 0; border-bottom: 2px solid transparent; background: none; font: inherit; color: var(--ee-muted); cursor: pointer; }
.ee-tab[aria-selected='true'] { color: var(--ee-accent); border-bottom-color: var(--ee-accent); font-weight: 600; }
.ee-tabpanel { padding: 12px; }
.ee-hint { color: var(--ee-muted); font-size: 12px; margin: 0 0 8px; }
.ee-palette__grid { display: grid; grid-template-columns: 1fr 1fr; gap: 8px; list-style: none; margin: 0; padding: 0; }
.ee-tile {
  display: flex; flex-direction: column; align-items: center; gap: 4px; width: 100%;
  padding: 10px 4px; border: 1px solid var(--ee-border); border-radius: var(--ee-radius);
  background: #fff; color: var(--ee-text); font: inherit; font-size: 12px; text-align: center;
  cursor: grab; touch-action: none;
}
.ee-tile:hover { border-color: var(--ee-accent); }
.ee-tile__icon { font-size: 18px; font-weight: 600; color: var(--ee-accent); }
.ee-tile--overlay { box-shadow: 0 6px 20px rgb(0 0 0 / 0.18); cursor: grabbing; width: 110px; }
.ee-sections__title { margin: 12px 0 6px; font-size: 12px; font-weight: 600; color: var(--ee-muted); text-transform: uppercase; letter-spacing: .04em; }
.ee-saved { list-style: none; margin: 0; padding: 0; display: grid; gap: 6px; }
.ee-saved__item { display: flex; gap: 4px; align-items: center; }
.ee-saved__item .ee-tile { flex-direction: row; justify-content: flex-start; padding: 8px; text-align: left; }
.ee-workspace { overflow: auto; padding: 24px; }
.ee-canvas {
  margin: 0 auto; min-height: 240px; padding: 8px 0;
  border: 1px solid var(--ee-border); border-radius: var(--ee-radius);
  transition: width 0.2s ease;
}
.ee-canvas a { color: var(--ee-link-color); }
.ee-zoom { margin: -12px 0 12px; color: var(--ee-muted); font-size: 12px; text-align: center; }
/* The controls on a zoomed canvas keep their full size (zoom multiplies along the tree). */
.ee-block__actions, .ee-block__handle, .ee-canvas .mf-rich-text-toolbar { zoom: calc(1 / var(--ee-zoom, 1)); }
.ee-canvas__empty {
  display: flex; align-items: center; justify-content: center; min-height: 200px; margin: 8px;
  border: 2px dashed #9ca3af; border-radius: var(--ee-radius); color: var(--ee-muted);
}
.ee-canvas__empty--over { border-color: var(--ee-accent); color: var(--ee-accent); background: #eff6ff; }
.ee-gap { position: relative; height: 8px; }
.ee-gap--active::after {
  content: ''; position: absolute; left: 8px; right: 8px; top: 2px; height: 4px;
  border-radius: 2px; background: var(--ee-accent);
}
.ee-row { display: flex; align-items: stretch; }
.ee-row__column { display: flex; flex-direction: column; min-width: 0; }
.ee-canvas--mobile .ee-row--stack { flex-direction: column; }
.ee-canvas--mobile .ee-row--stack > .ee-row__column { flex: none !important; }
.ee-popup-row { border: 2px dashed #6d28d9; border-radius: 6px; }
.ee-popup-row__label { margin: 0; padding: 2px 8px; font: 600 12px/1.6 system-ui, sans-serif; color: #fff; background: #6d28d9; }
.ee-column { min-height: 48px; outline: 1px dashed #cbd5e1; outline-offset: -1px; }
.ee-column--over, .ee-column--selected { outline: 2px dashed var(--ee-accent); }
.ee-column__empty {
  display: flex; align-items: center; justify-content: center; width: 100%; min-height: 64px; padding: 4px;
  border: 0; color: var(--ee-muted); background: #f9fafb; font: inherit; font-size: 12px; text-align: center; cursor: pointer;
}
.ee-block { position: relative; outline: 1px solid transparent; cursor: pointer; }
.ee-block:hover { outline: 1px dashed #60a5fa; }
.ee-block--selected, .ee-block--selected:hover { outline: 2px solid var(--ee-accent); z-index: 1; }
.ee-block--dragging { opacity: 0.4; }
.ee-block--hidden-mobile { opacity: 0.45; }
.ee-block__handle {
  position: absolute; left: -34px; top: 4px; width: 28px; height: 28px; padding: 0;
  border: 1px solid var(--ee-border); border-radius: 6px; background: #fff; color: var(--ee-muted);
  cursor: grab; touch-action: none; opacity: 0;
}
.ee-block:hover .ee-block__handle, .ee-block--selected .ee-block__handle, .ee-block__handle:focus-visible { opacity: 1; }
.ee-block__actions {
  position: absolute; right: -2px; top: -34px; display: flex; gap: 2px; padding: 2px;
  border-radius: 6px; background: var(--ee-accent); z-index: 2;
}
.ee-block__actions .ee-button { min-height: 26px; border-color: transparent; background: var(--ee-accent); color: #fff; font-size: 12px; }
.ee-block__actions .ee-button:hover:not(:disabled) { background: #1e40af; }
.ee-block__actions .ee-button:disabled { color: #bfdbfe; }
.ee-settings h2 { font-size: 16px; margin: 0 0 12px; }
.ee-fieldset { border: 0; border-top: 1px solid var(--ee-border); margin: 16px 0 0; padding: 12px 0 0; }
.ee-fieldset legend { font-weight: 600; padding: 0 4px 0 0; }
.ee-field { display: grid; gap: 4px; margin: 0 0 10px; }
.ee-field label { color: var(--ee-text); }
.ee-field input:not([type='color']), .ee-field select, .ee-field textarea {
  min-height: 32px; padding: 4px 8px; border: 1px solid #9ca3af; border-radius: 6px; font: inherit; color: var(--ee-text); background: #fff;
}
.ee-center { display: flex; flex-direction: column; align-items: center; justify-content: center; gap: 12px; min-height: 320px; padding: 24px; text-align: center; }
.ee-skeleton { display: grid; grid-template-columns: 248px 1fr 320px; gap: 16px; width: 100%; padding: 16px; }
.ee-preview__frame { display: block; margin: 0 auto; height: 70vh; border: 1px solid var(--ee-border); border-radius: var(--ee-radius); background: #fff; }
.ee-findings { color: #7f1d1d; }
.ee-text-version { white-space: pre-wrap; max-height: 200px; overflow: auto; background: #f9fafb; padding: 8px; border-radius: 6px; }
.ee-media__grid { display: grid; grid-template-columns: repeat(auto-fill, minmax(120px, 1fr)); gap: 8px; list-style: none; margin: 12px 0; padding: 0; max-height: 50vh; overflow: auto; }
.ee-media__item { display: grid; gap: 4px; padding: 6px; border: 1px solid var(--ee-border); border-radius: var(--ee-radius); font-size: 12px; word-break: break-all; }
.ee-media__thumb { width: 100%; height: 80px; object-fit: contain; background: #f3f4f6; border-radius: 4px; }
.ee-media__drop { padding: 12px; border: 2px dashed #9ca3af; border-radius: var(--ee-radius); color: var(--ee-muted); }
.ee-media__drop--over { border-color: var(--ee-accent); background: #eff6ff; }
.ee-row { display: flex; gap: 8px; align-items: end; flex-wrap: wrap; }
.ee-visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
@media (prefers-reduced-motion: reduce) {
  .ee-root *, .ee-root *::before, .ee-root *::after { transition: none !important; animation: none !important; }
}
`;
