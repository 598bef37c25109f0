// `@app/email-editor` in the import map: the console's copy of `<email-editor>`, sharing React and
// Shoelace's kit modules with the shell (all modules of the import map) instead of bundling them.
import '@app/shared/ui/kit/shoelace-components';
import { defineEmailEditor } from './email-editor-element.tsx';

defineEmailEditor();
