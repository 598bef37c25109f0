/** Styles inside the tour's shadow root; colours follow the host page's kit properties when present. */
export const tourStyles = `
:host { all: initial; }
.backdrop { position: fixed; inset: 0; background: rgb(15 23 34 / 0.35); z-index: 2000; }
.ring { position: fixed; z-index: 2001; border-radius: 8px; pointer-events: none;
  box-shadow: 0 0 0 3px var(--app-primary, #2457c5), 0 0 0 9999px rgb(15 23 34 / 0.15); }
.card { position: fixed; z-index: 2002; width: min(340px, calc(100vw - 24px)); box-sizing: border-box;
  padding: 16px 18px; border-radius: 10px; background: var(--app-surface, #fff); color: var(--app-text, #1c2430);
  box-shadow: 0 12px 32px rgb(0 0 0 / 0.25); font: 15px/1.5 var(--app-font, system-ui, sans-serif); outline: none; }
.card:focus-visible { box-shadow: 0 0 0 3px var(--app-primary, #2457c5), 0 12px 32px rgb(0 0 0 / 0.25); }
.count { margin: 0; font-size: 0.8rem; color: var(--app-muted, #5b6675); }
h2 { margin: 4px 0 6px; font-size: 1.1rem; }
p { margin: 0 0 12px; }
.actions { display: flex; justify-content: space-between; align-items: center; gap: 8px; }
.actions span { display: flex; gap: 8px; }
button { font: inherit; font-weight: 600; min-height: 36px; padding: 0 14px; border-radius: 8px; cursor: pointer;
  border: 1px solid var(--app-border, #d6dbe3); background: var(--app-surface, #fff); color: var(--app-text, #1c2430); }
button.primary { background: var(--app-primary, #2457c5); border-color: var(--app-primary, #2457c5);
  color: var(--app-primary-contrast, #fff); }
button.link { border: 0; background: none; padding: 0 4px; text-decoration: underline; font-weight: 400;
  color: var(--app-text, #1c2430); }
button:focus-visible { outline: 3px solid color-mix(in srgb, var(--app-primary, #2457c5) 40%, transparent);
  outline-offset: 1px; }
`;
