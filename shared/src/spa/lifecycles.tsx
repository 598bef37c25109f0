import type { ComponentType } from 'react';
import { StrictMode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import type { LifeCycles } from 'single-spa';

interface MountProps {
  name: string;
  domElement?: HTMLElement;
}

/** single-spa lifecycles for a React micro-app: one React root per mount, in the shell's main area. */
export function reactLifecycles(App: ComponentType): LifeCycles {
  let root: Root | null = null;
  let container: HTMLElement | null = null;
  return {
    bootstrap: async () => {},
    mount: async (props) => {
      const { name, domElement } = props as unknown as MountProps;
      container = domElement ?? document.createElement('div');
      if (!domElement) {
        container.id = `single-spa-application:${name}`;
        (document.getElementById('app-main') ?? document.body).append(container);
      }
      root = createRoot(container);
      root.render(
        <StrictMode>
          <App />
        </StrictMode>,
      );
    },
    unmount: async () => {
      root?.unmount();
      root = null;
      container?.remove();
      container = null;
    },
  };
}
