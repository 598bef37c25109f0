import {
  Button,
  type EditorSaved,
  EmbeddedEmailEditor,
  engineMessage,
  navigate,
  Panel,
  showToast,
  TextField,
} from '@app/shared';
import { useState } from 'react';
import { renameTemplate, templateExists } from './api.ts';
import { templateIdProblem } from './editor-choice.ts';
import { styles } from './styles.ts';

/**
 * /template/add?editor=design: a template ID and name, then the block editor on that ID. The first
 * save creates the template (named by the ID), gives it the name typed here, and moves on to its
 * edit page, still in the block editor.
 */
export function NewDesignedTemplate() {
  const [id, setId] = useState('');
  const [name, setName] = useState('');
  const [problems, setProblems] = useState<{ id?: string; name?: string }>({});
  const [opened, setOpened] = useState<{ id: string; name: string } | null>(null);

  const [checking, setChecking] = useState(false);

  const open = async () => {
    const wanted = { id: id.trim(), name: name.trim() };
    let idProblem = templateIdProblem(wanted.id) ?? undefined;
    const nameProblem = wanted.name ? undefined : 'A name is required';
    if (!idProblem && !nameProblem) {
      // A design saved on an existing ID would replace that template: it is opened from its own page.
      setChecking(true);
      try {
        if (await templateExists(wanted.id)) {
          idProblem =
            'A template with this ID exists: choose another ID, or open that template and design it there';
        }
      } catch (error) {
        idProblem = engineMessage(error);
      } finally {
        setChecking(false);
      }
    }
    setProblems({ id: idProblem, name: nameProblem });
    if (!idProblem && !nameProblem) setOpened(wanted);
  };

  const saved = async (result: EditorSaved) => {
    if (!opened) return;
    try {
      await renameTemplate(opened.id, opened.name);
    } catch (error) {
      showToast({ type: 'warning', message: `Saved, but the name was not set: ${engineMessage(error)}` });
    }
    showToast({ type: 'success', message: result.published ? 'Template published.' : 'Draft saved.' });
    navigate(
      result.published
        ? `/template/created/${encodeURIComponent(opened.id)}`
        : `/template/edit/${encodeURIComponent(opened.id)}?editor=design`,
    );
  };

  if (opened) return <EmbeddedEmailEditor templateId={opened.id} onSave={(result) => void saved(result)} />;
  return (
    <Panel title="Name the template">
      <form
        style={styles.pair}
        onSubmit={(event) => {
          event.preventDefault();
          void open();
        }}
      >
        <TextField
          style={styles.pairItem}
          label="Template ID"
          value={id}
          error={problems.id}
          hint="Used in transmissions as template_id: letters, digits, '.', '_' and '-'."
          onChange={(event) => setId(event.target.value)}
        />
        <TextField
          style={styles.pairItem}
          label="Name"
          value={name}
          error={problems.name}
          onChange={(event) => setName(event.target.value)}
        />
        <div style={{ alignSelf: 'flex-end' }}>
          <Button type="submit" busy={checking}>
            Open the editor
          </Button>
        </div>
      </form>
    </Panel>
  );
}
