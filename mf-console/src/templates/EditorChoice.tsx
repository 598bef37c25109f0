import { Button } from '@app/shared';
import type { EditorMode } from './editor-choice.ts';
import { styles } from './styles.ts';

/** The two ways to write a template's content, side by side; the current one is pressed. */
export function EditorChoice({ mode, onChange }: { mode: EditorMode; onChange: (mode: EditorMode) => void }) {
  return (
    <fieldset style={styles.choice} aria-label="How to write the content">
      <Button
        variant={mode === 'code' ? 'primary' : 'secondary'}
        aria-pressed={mode === 'code'}
        onClick={() => onChange('code')}
      >
        Code editor
      </Button>
      <Button
        variant={mode === 'design' ? 'primary' : 'secondary'}
        aria-pressed={mode === 'design'}
        onClick={() => onChange('design')}
      >
        Design with the editor
      </Button>
    </fieldset>
  );
}
