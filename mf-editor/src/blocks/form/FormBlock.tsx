import { useEditor } from '../../editor/editor-context.ts';
import type { BlockDefinition, CanvasProps, SettingsProps } from '../block-definition.ts';
import { BlockBox } from '../canvas/BlockBox.tsx';
import { SelectField } from '../fields/SelectField.tsx';
import { SettingsPanel } from '../fields/SettingsPanel.tsx';

/**
 * The canvas draws where the form goes and which one: the hosted page draws the form itself with
 * `<signup-form>`, and the page's preview shows it published.
 */
function FormCanvas({ block, global }: CanvasProps<'form'>) {
  const form = useEditor().services.forms.find((one) => one.id === block.props.formId);
  return (
    <BlockBox global={global} style={block.style}>
      <div
        data-testid="form-block"
        style={{
          border: '2px dashed #98a2b3',
          borderRadius: 8,
          padding: '24px 16px',
          textAlign: 'center',
          color: '#475467',
        }}
      >
        {form ? `Form: ${form.name}` : 'Form: choose one in the settings'}
      </div>
    </BlockBox>
  );
}

function FormSettings({ block, onChange, services }: SettingsProps<'form'>) {
  const { forms } = services;
  const chosen = forms.find((form) => form.id === block.props.formId);
  return (
    <SettingsPanel type="form">
      {forms.length ? (
        <SelectField
          label="Form"
          value={block.props.formId}
          options={[
            { value: '', label: 'Choose a form' },
            ...forms.map((form) => ({
              value: form.id,
              label: form.published ? form.name : `${form.name} (not published)`,
            })),
          ]}
          onChange={(formId) => onChange({ ...block.props, formId })}
        />
      ) : (
        <p>This company has no form yet: make one under Form API, then choose it here.</p>
      )}
      {chosen && !chosen.published ? (
        <p role="note">A form in a page must be published before the page is.</p>
      ) : null}
    </SettingsPanel>
  );
}

export const formBlock: BlockDefinition<'form'> = {
  type: 'form',
  icon: '☰',
  create: () => ({ formId: '' }),
  Canvas: FormCanvas,
  Settings: FormSettings,
};
