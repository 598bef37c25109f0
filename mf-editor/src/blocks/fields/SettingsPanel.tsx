import type { BlockType } from '@app/contract/editor/design-constants';
import type { ReactNode } from 'react';

/** The root of a block's own settings fields (the editor frames it with the title and common style). */
export function SettingsPanel({ type, children }: { type: BlockType; children: ReactNode }) {
  return <div data-testid={`settings-${type}`}>{children}</div>;
}
