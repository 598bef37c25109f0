/** Shown instead of the console when local storage is unusable (§2, §8): plain DOM, no app code. */
export function showUnsupportedBrowser(): void {
  document.title = 'Unsupported browser';
  document.getElementById('app-loading')?.setAttribute('hidden', '');
  const page = document.createElement('section');
  page.setAttribute('role', 'alert');
  page.style.cssText =
    'max-width:640px;margin:15vh auto;padding:24px;text-align:center;font-family:system-ui,sans-serif';
  const title = document.createElement('h1');
  title.textContent = 'Your browser is not supported';
  const text = document.createElement('p');
  text.textContent =
    'This console needs local storage, which is disabled or unavailable in this browser. Allow site data (cookies and local storage) for this site, or use a current version of Chrome, Firefox, Safari or Edge, then reload the page.';
  page.append(title, text);
  document.body.append(page);
}
