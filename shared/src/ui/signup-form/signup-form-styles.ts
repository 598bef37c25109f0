/**
 * Styles inside `<signup-form>`'s shadow root. A page restyles it through custom properties
 * (--signup-form-accent, -text, -background, -field-background, -border, -error, -success, -muted, -font, -radius, -gap,
 * -max-width) or through the
 * parts: form, field, label, input (file), required, consent, button (submit, back), error, message, progress, hint.
 */
export const signupFormStyles = `
:host { display: block; max-width: var(--signup-form-max-width, 560px); font: 16px/1.5 var(--signup-form-font, system-ui, sans-serif);
  color: var(--signup-form-text, #1c2430); }
form { display: grid; gap: var(--signup-form-gap, 14px); padding: var(--signup-form-padding, 0);
  background: var(--signup-form-background, transparent); }
.field { display: grid; gap: 6px; margin: 0; padding: 0; border: 0; min-width: 0; }
legend { padding: 0; margin-bottom: 6px; }
label, legend { font-weight: 600; }
label.choice { font-weight: 400; display: flex; gap: 8px; align-items: center; }
input:not([type=radio]):not([type=checkbox]), select, textarea { font: inherit; color: inherit;
  padding: 9px 11px; border: 1px solid var(--signup-form-border, #b8c0cc); border-radius: var(--signup-form-radius, 8px);
  background: var(--signup-form-field-background, #fff); width: 100%; box-sizing: border-box; }
input:focus-visible, select:focus-visible, textarea:focus-visible, button:focus-visible {
  outline: 3px solid color-mix(in srgb, var(--signup-form-accent, #2457c5) 45%, transparent); outline-offset: 1px; }
[aria-invalid=true] input, input[aria-invalid=true], select[aria-invalid=true], textarea[aria-invalid=true] {
  border-color: var(--signup-form-error, #b42318); }
.error { color: var(--signup-form-error, #b42318); margin: 0; font-size: 0.9em; }
.done { color: var(--signup-form-success, inherit); }
.consent, .progress, .hint { margin: 0; font-size: 0.85em; color: var(--signup-form-muted, #4a5462); }
.actions { display: flex; gap: 10px; justify-content: flex-end; }
button { font: inherit; font-weight: 600; min-height: 42px; padding: 0 18px; cursor: pointer;
  border-radius: var(--signup-form-radius, 8px); border: 1px solid var(--signup-form-accent, #2457c5);
  background: var(--signup-form-accent, #2457c5); color: var(--signup-form-accent-contrast, #fff); }
button.secondary { background: transparent; color: var(--signup-form-accent, #2457c5); }
button:disabled { opacity: 0.6; cursor: progress; }
.trap { position: absolute; left: -10000px; width: 1px; height: 1px; overflow: hidden; }
`;
