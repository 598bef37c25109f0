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

/**
 * uPlot once `element` comes near the viewport (within 200 px): a chart further down the page adds
 * nothing to its first load, and loads as the user scrolls to it. `signal` ends the wait when the
 * chart goes away (the promise then never settles).
 */
export function loadUplotInView(element: Element, signal: AbortSignal): Promise<typeof uPlot> {
  return new Promise((resolve, reject) => {
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        loadUplot().then(resolve, reject);
      },
      { rootMargin: '200px' },
    );
    observer.observe(element);
    signal.addEventListener('abort', () => observer.disconnect());
  });
}
