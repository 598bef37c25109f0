// The standalone `<email-editor>` for vendor pages: one self-contained ES module (React, Shoelace,
// the editor) built to /embed/email-editor.js, that any origin loads with one
// <script type="module" src="…/embed/email-editor.js">, without our import map.
import '@app/shared/ui/kit/shoelace-components';
import shoelaceTheme from '@shoelace-style/shoelace/dist/themes/light.css?inline';
import { setBasePath } from '@shoelace-style/shoelace/dist/utilities/base-path.js';
import { defineEmailEditor } from './email-editor-element.tsx';

// Shoelace's files are on the engine's origin, not on the vendor's page.
setBasePath(new URL('/modules/vendor/shoelace', import.meta.url).href);
defineEmailEditor([shoelaceTheme]);
