import { toastAutoHideMs, toastWidthPx } from '@app/contract';
import { $toasts, dismissToast, type Toast } from '../stores/toasts.ts';
import { ElementBase } from './element-base.ts';

type Sanitize = (html: string) => string;

/** DOMPurify (sanitize.ts) is fetched with the first toast: most pages never show one. */
let sanitizeHtml: Sanitize | undefined;
let loadingSanitizer: Promise<Sanitize> | undefined;

function loadSanitizer(): Promise<Sanitize> {
  loadingSanitizer ??= import('./sanitize.ts').then(
    (module) => {
      sanitizeHtml = module.sanitizeHtml;
      return module.sanitizeHtml;
    },
    (error: unknown) => {
      loadingSanitizer = undefined;
      throw error;
    },
  );
  return loadingSanitizer;
}

const styles = `
:host { position: fixed; top: 16px; right: 16px; z-index: 1000; display: flex; flex-direction: column; gap: 8px;
  width: min(${toastWidthPx}px, calc(100vw - 32px)); pointer-events: none; }
.toast { pointer-events: auto; display: grid; grid-template-columns: 1fr auto; gap: 4px 12px; padding: 12px 14px;
  border-radius: 8px; background: var(--app-surface, #fff); color: var(--app-text, #1c2430);
  box-shadow: 0 6px 24px rgb(0 0 0 / 0.16); border-left: 4px solid var(--accent); font: 14px/1.4 var(--app-font, system-ui, sans-serif); }
.toast[data-type='success'] { --accent: var(--app-success, #1a7f4b); }
.toast[data-type='info'] { --accent: var(--app-primary, #2457c5); }
.toast[data-type='warning'] { --accent: var(--app-warning, #b26b00); }
.toast[data-type='danger'] { --accent: var(--app-danger, #c0392b); }
.title { font-weight: 600; grid-column: 1; }
.message { grid-column: 1; overflow-wrap: anywhere; }
button { grid-column: 2; grid-row: 1 / span 2; align-self: start; border: 0; background: none; cursor: pointer;
  font-size: 18px; line-height: 1; color: inherit; padding: 2px 6px; border-radius: 4px; }
button:focus-visible { outline: 2px solid var(--app-primary, #2457c5); }
`;

/**
 * `<app-toaster>` shows the shared toast queue (§9: 475px wide; each hides after 5000 ms unless it
 * is hovered or has focus, then the timer starts again when the pointer and focus leave).
 * Attribute `duration` overrides the delay (tests).
 */
export class ToasterElement extends ElementBase {
  private readonly root: ShadowRoot;
  private unsubscribe: (() => void) | undefined;
  private readonly timers = new Map<number, ReturnType<typeof setTimeout>>();

  constructor() {
    super();
    this.root = this.attachShadow({ mode: 'open' });
    const style = document.createElement('style');
    style.textContent = styles;
    this.root.append(style);
  }

  connectedCallback(): void {
    this.setAttribute('aria-live', 'polite');
    this.unsubscribe = $toasts.subscribe((toasts) => {
      if (sanitizeHtml || toasts.length === 0) this.render(toasts, sanitizeHtml);
      else void loadSanitizer().then((sanitize) => this.render($toasts.get(), sanitize));
    });
  }

  disconnectedCallback(): void {
    this.unsubscribe?.();
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
  }

  private get duration(): number {
    const value = Number(this.getAttribute('duration'));
    return Number.isFinite(value) && value > 0 ? value : toastAutoHideMs;
  }

  /** Shows `toasts` (and removes the others); `sanitize` is there whenever there is a toast to show. */
  private render(toasts: readonly Toast[], sanitize: Sanitize | undefined): void {
    const shown = new Set(toasts.map((toast) => toast.id));
    for (const node of this.root.querySelectorAll<HTMLElement>('.toast')) {
      const id = Number(node.dataset.id);
      if (!shown.has(id)) {
        this.stopTimer(id);
        node.remove();
      }
    }
    if (!sanitize) return;
    for (const toast of toasts) {
      if (!this.root.querySelector(`.toast[data-id="${toast.id}"]`))
        this.root.append(this.createToast(toast, sanitize));
    }
  }

  private createToast(toast: Toast, sanitizeHtml: Sanitize): HTMLElement {
    const node = document.createElement('div');
    node.className = 'toast';
    node.dataset.id = String(toast.id);
    node.dataset.type = toast.type;
    node.setAttribute('role', toast.type === 'danger' || toast.type === 'warning' ? 'alert' : 'status');
    node.tabIndex = -1;
    if (toast.title) {
      const title = document.createElement('div');
      title.className = 'title';
      title.innerHTML = sanitizeHtml(toast.title);
      node.append(title);
    }
    const message = document.createElement('div');
    message.className = 'message';
    message.innerHTML = sanitizeHtml(toast.message);
    const close = document.createElement('button');
    close.type = 'button';
    close.setAttribute('aria-label', 'Close');
    close.textContent = '×';
    close.addEventListener('click', () => dismissToast(toast.id));
    node.append(message, close);

    let hovered = false;
    let focused = false;
    const pause = () => this.stopTimer(toast.id);
    const resume = () => {
      if (!hovered && !focused) this.startTimer(toast.id);
    };
    node.addEventListener('mouseenter', () => {
      hovered = true;
      pause();
    });
    node.addEventListener('mouseleave', () => {
      hovered = false;
      resume();
    });
    node.addEventListener('focusin', () => {
      focused = true;
      pause();
    });
    node.addEventListener('focusout', () => {
      focused = false;
      resume();
    });
    this.startTimer(toast.id);
    return node;
  }

  private startTimer(id: number): void {
    this.stopTimer(id);
    this.timers.set(
      id,
      setTimeout(() => dismissToast(id), this.duration),
    );
  }

  private stopTimer(id: number): void {
    const timer = this.timers.get(id);
    if (timer !== undefined) clearTimeout(timer);
    this.timers.delete(id);
  }
}

export function defineToaster(): void {
  if (!customElements.get('app-toaster')) customElements.define('app-toaster', ToasterElement);
}
