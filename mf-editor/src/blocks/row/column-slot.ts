import type { DesignColumn } from '@app/contract/editor/design';
import { type ComponentType, createContext } from 'react';

export interface ColumnSlotProps {
  rowId: string;
  index: number;
  column: DesignColumn;
}

/**
 * What draws a column's blocks on the canvas (selectable, draggable, a drop target): the editor
 * provides it, so the row's definition stays a block like the others.
 */
export const ColumnSlotContext = createContext<ComponentType<ColumnSlotProps>>(() => null);
