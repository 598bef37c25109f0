// The UI kit's Shoelace components, each a module of its own in the import map: scripts/build.ts
// builds one System module per component (Lit and Shoelace's internals in chunks they share), so a
// page registers only the components it draws.

/** Every Shoelace component the console draws. */
export const kitComponents = [
  'badge',
  'button',
  'checkbox',
  'details',
  'dialog',
  'icon',
  'input',
  'option',
  'progress-bar',
  'select',
  'skeleton',
  'spinner',
  'switch',
  'tab',
  'tab-group',
  'tab-panel',
  'tag',
  'textarea',
  'tooltip',
] as const;

export type KitComponent = (typeof kitComponents)[number];

/** The components the shell draws itself (its header's icons, its pages' buttons): index.html preloads them. */
export const shellKit: readonly KitComponent[] = ['button', 'icon'];

/** A component's module: Shoelace's own path, which the import map maps to its System module. */
export const kitModule = (name: KitComponent) =>
  `@shoelace-style/shoelace/dist/components/${name}/${name}.js`;

declare const System: { import(name: string): Promise<unknown> };

const registering = new Map<KitComponent, Promise<unknown>>();

/** Registers these components (each module loads once); resolves once all of them are defined. */
export function defineKit(names: readonly KitComponent[]): Promise<void> {
  const pending = names.map((name) => {
    let loading = registering.get(name);
    if (!loading) {
      loading = System.import(kitModule(name));
      registering.set(name, loading);
    }
    return loading;
  });
  return Promise.all(pending).then(() => undefined);
}

const kitTagPrefix = 'sl-';
const isKitComponent = (name: string): name is KitComponent =>
  (kitComponents as readonly string[]).includes(name);

/**
 * Registers any kit component that appears in the document undefined: one in a dialog opened later,
 * or one a page draws without listing it (named in the console, at debug level, so the list can be
 * completed: until it is defined the element shows as a bare tag).
 */
export function registerKitOnSight(): void {
  const seen = (element: Element) => {
    const tag = element.localName;
    const name = tag.slice(kitTagPrefix.length);
    if (!tag.startsWith(kitTagPrefix) || !isKitComponent(name) || registering.has(name)) return;
    console.debug(`UI kit: <${tag}> was drawn before it was registered; add '${name}' to its page's kit`);
    void defineKit([name]);
  };
  const look = (root: Element) => {
    if (!root.matches(':defined')) seen(root);
    for (const element of root.querySelectorAll(':not(:defined)')) seen(element);
  };
  look(document.body);
  new MutationObserver((records) => {
    for (const record of records) {
      for (const node of record.addedNodes) if (node instanceof Element) look(node);
    }
  }).observe(document.body, { childList: true, subtree: true });
}
