import type { BlockType } from '@app/contract/editor/design-constants';
import { createContext, useContext } from 'react';
import type { EditorServices } from '../blocks/block-definition.ts';
import type { EditorStore } from './editor-store.ts';
import type { EmbedClient } from './embed-client.ts';
import type { Labels } from './i18n.ts';

/** What every part of one editor shares: its store, its API client, its labels, its services. */
export interface EditorContextValue {
  store: EditorStore;
  client: EmbedClient;
  labels: Labels;
  services: EditorServices;
  /** The block types the company's plan leaves out (§6): the palette does not offer them. */
  blocksOff: readonly BlockType[];
  /**
   * Whether Global Setting offers the preheader and the message (subject, sender): they are stored
   * on the template; a page that stores the design itself (a campaign) has its own.
   */
  messageFields: boolean;
  /** A landing or thank-you page's design (not mail): no view-in-browser line. */
  page: boolean;
  /** A made-up value for each merge tag: the preview shows them in the tags' place. */
  mergeSamples: Readonly<Record<string, string>>;
  /** Shows `message` in the editor's alert and emits it through onError. */
  reportError(message: string, status?: number): void;
}

export const EditorContext = createContext<EditorContextValue | null>(null);

export function useEditor(): EditorContextValue {
  const value = useContext(EditorContext);
  if (!value) throw new Error('useEditor outside an editor');
  return value;
}
