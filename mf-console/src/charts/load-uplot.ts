import type uPlot from 'uplot';

/**
 * uPlot and its stylesheet, loaded when the first chart is drawn: a chunk of its own, so the
 * console's first load stays small and pages without charts never fetch it.
 */
export async function loadUplot(): Promise<typeof uPlot> {
  const [library, css] = await Promise.all([import('uplot'), import('uplot/dist/uPlot.min.css?inline')]);
  if (!document.getElementById('uplot-css')) {
    const style = document.createElement('style');
    style.id = 'uplot-css';
    style.textContent = css.default;
    document.head.append(style);
  }
  return library.default;
}
