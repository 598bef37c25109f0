// `@app/email-editor` in the import map: the console's copy of `<email-editor>`, sharing React and
// Shoelace with the shell (both modules of the import map) instead of bundling them.
import { defineEmailEditor } from './email-editor-element.tsx';

defineEmailEditor();
