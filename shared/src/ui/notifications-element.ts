import { $notifications, dismissNotification, type Notification } from '../stores/notifications.ts';
import { ElementBase } from './element-base.ts';

const styles = `
:host { position: fixed; top: 12px; left: 50%; transform: translateX(-50%); z-index: 900; display: grid; gap: 6px;
  width: min(480px, 92vw); pointer-events: none; }
.item { pointer-events: auto; display: flex; gap: 8px; align-items: start; padding: 10px 14px; border-radius: 8px;
  background: #fff7e6; border: 1px solid #f0c36d; color: var(--app-text, #1c2430); font: 14px/1.4 var(--app-font, system-ui, sans-serif); }
.item span { flex: 1; overflow-wrap: anywhere; }
button { border: 0; background: none; cursor: pointer; font-size: 16px; line-height: 1; color: inherit; }
`;

/**
 * `<app-notifications>` shows the shared notification queue: the store keeps them de-duplicated,
 * at most three and each for five seconds (§4); this element only renders and dismisses.
 */
export class NotificationsElement extends ElementBase {
  private readonly root: ShadowRoot;
  private unsubscribe: (() => void) | undefined;

  constructor() {
    super();
    this.root = this.attachShadow({ mode: 'open' });
  }

  connectedCallback(): void {
    this.setAttribute('aria-live', 'polite');
    this.unsubscribe = $notifications.subscribe((items) => this.render(items));
  }

  disconnectedCallback(): void {
    this.unsubscribe?.();
  }

  private render(items: readonly Notification[]): void {
    const style = document.createElement('style');
    style.textContent = styles;
    const nodes = items.map((item) => {
      const node = document.createElement('div');
      node.className = 'item';
      node.setAttribute('role', 'status');
      const text = document.createElement('span');
      text.textContent = item.message;
      const close = document.createElement('button');
      close.type = 'button';
      close.setAttribute('aria-label', 'Dismiss');
      close.textContent = '×';
      close.addEventListener('click', () => dismissNotification(item.id));
      node.append(text, close);
      return node;
    });
    this.root.replaceChildren(style, ...nodes);
  }
}

export function defineNotifications(): void {
  if (!customElements.get('app-notifications'))
    customElements.define('app-notifications', NotificationsElement);
}
