// The standalone `<product-tour>` for vendor pages: one self-contained ES module (React included),
// built to /embed/product-tour.js, that any origin loads with <script type="module" src="…">.
import { defineProductTour } from './product-tour-element.ts';

defineProductTour();
