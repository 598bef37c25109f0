import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  controlSocketName,
  NoServerAnswers,
  sendOperatorCommand,
  serveOperatorCommands,
} from './control-socket.ts';

describe('operator control socket', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'control-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  const echo = async (argv: string[]) => {
    if (argv[0] === 'fail') throw new Error('--email: no user with email x@y.test');
    return [`ran ${argv.join(' ')}`, 'second line'];
  };

  it('runs a command in the serving process, on a socket only its user can open', async () => {
    const served = await serveOperatorCommands(dir, echo);
    try {
      const socket = await stat(path.join(dir, controlSocketName));
      expect(socket.isSocket()).toBe(true);
      expect(socket.mode & 0o777).toBe(0o600);
      expect(await sendOperatorCommand(dir, ['set-plan', '--plan', 'a b'])).toEqual([
        'ran set-plan --plan a b',
        'second line',
      ]);
      await expect(sendOperatorCommand(dir, ['fail'])).rejects.toThrow(
        '--email: no user with email x@y.test',
      );
    } finally {
      await served.close();
    }
    await expect(stat(path.join(dir, controlSocketName))).rejects.toThrow(/ENOENT/);
    await expect(sendOperatorCommand(dir, ['x'])).rejects.toBeInstanceOf(NoServerAnswers);
  });

  it('replaces a socket file left by a server that was killed', async () => {
    await writeFile(path.join(dir, controlSocketName), '');
    await expect(sendOperatorCommand(dir, ['x'])).rejects.toBeInstanceOf(NoServerAnswers);
    const served = await serveOperatorCommands(dir, echo);
    expect(await sendOperatorCommand(dir, ['x'])).toEqual(['ran x', 'second line']);
    await served.close();
  });
});
