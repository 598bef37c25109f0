import type { DesignBlock } from '@app/contract/editor/design';
import { type BlockType, blockTitles, fontFamilies } from '@app/contract/editor/design-constants';
import { useStore } from '@nanostores/react';
import type { ComponentType } from 'react';
import type { SettingsProps } from '../blocks/block-definition.ts';
import { ColorField } from '../blocks/fields/ColorField.tsx';
import { NumberField } from '../blocks/fields/NumberField.tsx';
import { SelectField } from '../blocks/fields/SelectField.tsx';
import { SwitchField } from '../blocks/fields/SwitchField.tsx';
import { TextField } from '../blocks/fields/TextField.tsx';
import { lengthError } from '../blocks/fields/validation.ts';
import { definitionOf } from '../blocks/registry.ts';
import { locate } from './design-ops.ts';
import { useEditor } from './editor-context.ts';
import { fill } from './i18n.ts';

/** The right-hand panel: "<Type> Setting" for the selected block, else "Global Setting". */
export function SettingsPanel() {
  const { store, labels } = useEditor();
  const selected = useStore(store.$selected);
  return (
    <section className="ee-settings" aria-label={labels.settings} data-testid="settings">
      {selected ? <BlockSettings key={selected.id} block={selected} /> : <GlobalSettings />}
    </section>
  );
}

function BlockSettings({ block }: { block: DesignBlock }) {
  const { store, labels, services } = useEditor();
  const Settings = definitionOf(block.type).Settings as ComponentType<SettingsProps<BlockType>>;
  const style = block.style;
  const setStyle = (patch: Partial<DesignBlock['style']>) => store.updateStyle(block.id, patch);
  // §3's selected row and column: a block in a column says where it is, and its column frames it.
  const place = locate(useStore(store.$design), block.id)?.place;
  const rowId = place?.rowId;
  return (
    <>
      <h2>{`${blockTitles[block.type]} Setting`}</h2>
      {rowId !== undefined && (
        <p className="ee-settings__place" data-testid="settings-place">
          {fill(labels.inColumn, { column: (place as { column: number }).column + 1 })}{' '}
          <button type="button" className="ee-button" onClick={() => store.select(rowId)}>
            {labels.selectRow}
          </button>
        </p>
      )}
      <Settings block={block} services={services} onChange={(props) => store.updateProps(block.id, props)} />
      <fieldset className="ee-fieldset">
        <legend>{labels.blockStyle}</legend>
        <NumberField
          label={labels.paddingY}
          value={style.paddingY}
          min={0}
          max={120}
          onChange={(paddingY) => setStyle({ paddingY })}
        />
        {rowId === undefined && (
          <>
            <NumberField
              label={labels.paddingX}
              value={style.paddingX}
              min={0}
              max={120}
              onChange={(paddingX) => setStyle({ paddingX })}
            />
            <SwitchField
              label={labels.transparent}
              checked={style.background === 'transparent'}
              onChange={(transparent) => setStyle({ background: transparent ? 'transparent' : '#ffffff' })}
            />
            {style.background !== 'transparent' && (
              <ColorField
                label={labels.blockBackground}
                value={style.background}
                onChange={(background) => setStyle({ background })}
              />
            )}
          </>
        )}
        <SelectField
          label={labels.align}
          value={style.align}
          options={[
            { value: 'left', label: labels.left },
            { value: 'center', label: labels.center },
            { value: 'right', label: labels.right },
          ]}
          onChange={(align) => setStyle({ align })}
        />
        <SwitchField
          label={labels.hideOnMobile}
          checked={style.hideOnMobile}
          onChange={(hideOnMobile) => setStyle({ hideOnMobile })}
        />
      </fieldset>
    </>
  );
}

function GlobalSettings() {
  const { store, labels, messageFields, page } = useEditor();
  const { global, message } = useStore(store.$design);
  return (
    <>
      <h2>Global Setting</h2>
      <NumberField
        label={labels.width}
        value={global.width}
        min={320}
        max={900}
        onChange={(width) => store.updateGlobal({ width })}
      />
      <ColorField
        label={labels.background}
        value={global.background}
        onChange={(background) => store.updateGlobal({ background })}
      />
      <ColorField
        label={labels.contentBackground}
        value={global.contentBackground}
        onChange={(contentBackground) => store.updateGlobal({ contentBackground })}
      />
      <SelectField
        label={labels.fontFamily}
        value={global.fontFamily}
        options={fontFamilies.map((family) => ({
          value: family,
          label: family.split(',')[0]?.replaceAll("'", '') ?? family,
        }))}
        onChange={(fontFamily) => store.updateGlobal({ fontFamily })}
      />
      <ColorField
        label={labels.textColor}
        value={global.textColor}
        onChange={(textColor) => store.updateGlobal({ textColor })}
      />
      <ColorField
        label={labels.linkColor}
        value={global.linkColor}
        onChange={(linkColor) => store.updateGlobal({ linkColor })}
      />
      {!messageFields && !page && (
        <SwitchField
          label={labels.viewInBrowserLink}
          checked={global.viewInBrowserLink ?? false}
          onChange={(viewInBrowserLink) => store.updateGlobal({ viewInBrowserLink })}
        />
      )}
      {messageFields && (
        <>
          <TextField
            label={labels.preheader}
            value={global.preheader}
            error={lengthError(global.preheader, 250)}
            onChange={(preheader) => store.updateGlobal({ preheader })}
          />
          <fieldset className="ee-fieldset">
            <legend>{labels.message}</legend>
            <TextField
              label={labels.subject}
              value={message.subject}
              error={lengthError(message.subject, 998)}
              onChange={(subject) => store.updateMessage({ subject })}
            />
            <TextField
              label={labels.fromEmail}
              type="email"
              value={message.fromEmail}
              error={lengthError(message.fromEmail, 254)}
              onChange={(fromEmail) => store.updateMessage({ fromEmail })}
            />
            <TextField
              label={labels.fromName}
              value={message.fromName}
              error={lengthError(message.fromName, 256)}
              onChange={(fromName) => store.updateMessage({ fromName })}
            />
            <TextField
              label={labels.replyTo}
              type="email"
              value={message.replyTo}
              error={lengthError(message.replyTo, 254)}
              onChange={(replyTo) => store.updateMessage({ replyTo })}
            />
          </fieldset>
        </>
      )}
    </>
  );
}
