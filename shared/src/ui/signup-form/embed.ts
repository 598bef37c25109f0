// The standalone `<signup-form>` for the company's own sites: one self-contained ES module (React
// included), built to /embed/signup-form.js, that any origin loads with
// <script type="module" src="…/embed/signup-form.js">. The forms it shows live on the server the
// script came from.
import { defineSignupForm } from './signup-form-element.tsx';

defineSignupForm(new URL(import.meta.url).origin);
