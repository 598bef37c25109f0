// JSX types for the custom elements the apps render: Shoelace's and our own. React 19 sets a custom
// element's known properties as properties and turns `on<event>` props (`onsl-change`, `onfinish`)
// into listeners of those events.
import type { DetailedHTMLProps, HTMLAttributes } from 'react';

type ShoelaceProps = DetailedHTMLProps<HTMLAttributes<HTMLElement>, HTMLElement> & Record<string, unknown>;

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      'sl-badge': ShoelaceProps;
      'sl-button': ShoelaceProps;
      'sl-checkbox': ShoelaceProps;
      'sl-details': ShoelaceProps;
      'sl-dialog': ShoelaceProps;
      'sl-icon': ShoelaceProps;
      'sl-input': ShoelaceProps;
      'sl-option': ShoelaceProps;
      'sl-progress-bar': ShoelaceProps;
      'sl-select': ShoelaceProps;
      'sl-skeleton': ShoelaceProps;
      'sl-spinner': ShoelaceProps;
      'sl-switch': ShoelaceProps;
      'sl-tab': ShoelaceProps;
      'sl-tab-group': ShoelaceProps;
      'sl-tab-panel': ShoelaceProps;
      'sl-tag': ShoelaceProps;
      'sl-textarea': ShoelaceProps;
      'sl-tooltip': ShoelaceProps;
      'product-tour': ShoelaceProps;
      'signup-form': ShoelaceProps;
    }
  }
}
