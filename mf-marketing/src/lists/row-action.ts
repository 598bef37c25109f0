import { showToast } from '@app/shared';
import { serverMessage } from '../server-message.ts';

/**
 * A list row's action (publish, delete...): `run`, then the toast saying `done` and the list read
 * again; a refusal is toasted and rethrown (a confirmation dialog stays open on it).
 */
export const rowAction =
  (onChanged: () => void) =>
  async (run: () => Promise<unknown>, done: string): Promise<void> => {
    try {
      await run();
      showToast({ type: 'success', message: done });
      onChanged();
    } catch (error) {
      showToast({ type: 'danger', message: serverMessage(error) });
      throw error;
    }
  };
