import { describe, expect, it } from 'vitest';
import { commit, createHistory, historyLimit, redo, undo } from './history.ts';

describe('editor history', () => {
  it('undoes and redoes edits in order', () => {
    let history = createHistory('a');
    history = commit(history, 'b', undefined, 0);
    history = commit(history, 'c', undefined, 10);
    history = undo(history);
    expect(history.present).toBe('b');
    history = undo(history);
    expect(history.present).toBe('a');
    expect(undo(history)).toBe(history);
    history = redo(history);
    expect(history.present).toBe('b');
  });

  it('forgets the redo branch after a new edit', () => {
    let history = commit(commit(createHistory('a'), 'b', undefined, 0), 'c', undefined, 0);
    history = commit(undo(history), 'd', undefined, 5_000);
    expect(redo(history)).toBe(history);
    expect(undo(history).present).toBe('b');
  });

  it('keeps at most 100 undo steps', () => {
    let history = createHistory(0);
    for (let i = 1; i <= 150; i++) history = commit(history, i, undefined, i * 10_000);
    expect(history.past).toHaveLength(historyLimit);
    for (let i = 0; i < 200; i++) history = undo(history);
    expect(history.present).toBe(50);
  });

  it('makes rapid typing in one field one undo step, but not edits of different fields', () => {
    let history = createHistory('');
    history = commit(history, 'H', 'props:1', 1_000);
    history = commit(history, 'He', 'props:1', 1_200);
    history = commit(history, 'Hel', 'props:1', 1_500);
    expect(undo(history).present).toBe('');
    history = commit(history, 'Hel!', 'props:2', 1_600);
    expect(undo(history).present).toBe('Hel');
    history = commit(history, 'Hel!?', 'props:2', 5_000);
    expect(undo(history).present).toBe('Hel!');
  });

  it('ignores a commit that changes nothing', () => {
    const history = createHistory('a');
    expect(commit(history, 'a')).toBe(history);
  });
});
