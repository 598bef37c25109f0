import type { BlockOf, DesignGlobal } from '@app/contract/editor/design';
import type { BlockType, PageFormChoice } from '@app/contract/editor/design-constants';
import type { BlockAssets } from '@app/contract/editor/embed-api';
import type { ComponentType } from 'react';

/** A file chosen in the file store's picker (or just uploaded). */
export interface PickedFile {
  url: string;
  name: string;
  size: number;
}

/** What a settings panel can ask of the editor around it. */
export interface EditorServices {
  /** Opens the image picker (upload or choose from the file store); undefined when cancelled. */
  pickImage(): Promise<PickedFile | undefined>;
  /** The same for any allowed file (the Download block). */
  pickFile(): Promise<PickedFile | undefined>;
  /** The company's forms, when the editor edits a page (the Form block); empty for mail. */
  forms: readonly PageFormChoice[];
  /** Whether the design is a page's: page-only settings (a popup row) are offered. */
  page: boolean;
}

export type PropsOf<T extends BlockType> = BlockOf<T>['props'];

export interface CanvasProps<T extends BlockType> {
  block: BlockOf<T>;
  global: DesignGlobal;
  /** Engine-made image or link for generated blocks (barcode, QR, chart, countdown, calendar, voucher). */
  assets: BlockAssets | undefined;
  selected: boolean;
  /** In-place edits on the canvas (rich text); settings panels use their own onChange. */
  onChange(props: PropsOf<T>): void;
}

export interface SettingsProps<T extends BlockType> {
  block: BlockOf<T>;
  onChange(props: PropsOf<T>): void;
  services: EditorServices;
}

/**
 * One block type of the editor: its palette entry, its default content, how it looks on the canvas
 * (close to the mail, not the mail: the preview shows the engine's real output) and its "<Type>
 * Setting" panel's fields. The editor frames both (selection, the panel title, the shared spacing
 * and background fields), so a definition holds only what is its own.
 */
export interface BlockDefinition<T extends BlockType = BlockType> {
  type: T;
  /** One or two characters or an emoji-free glyph for the palette tile. */
  icon: string;
  /** Its default content; `page`: the design is a page's (no recipient, so no merge tags). */
  create(context: { page: boolean }): PropsOf<T>;
  Canvas: ComponentType<CanvasProps<T>>;
  Settings: ComponentType<SettingsProps<T>>;
}
