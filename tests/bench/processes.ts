import { type ChildProcess, spawn } from 'node:child_process';

const cleanups: Array<() => Promise<void>> = [];

/** Registers work to undo (stop a child, remove a temp dir); runCleanups runs it newest first. */
export function onCleanup(cleanup: () => Promise<void>): void {
  cleanups.push(cleanup);
}

export async function runCleanups(): Promise<void> {
  while (cleanups.length > 0) {
    const cleanup = cleanups.pop()!;
    try {
      await cleanup();
    } catch (error) {
      console.error(`cleanup failed: ${(error as Error).message}`);
    }
  }
}

export interface Child {
  process: ChildProcess;
  /** The last few KB of stdout and stderr, for failure messages. */
  output: () => string;
  exited: Promise<number | null>;
  stop: () => Promise<void>;
}

const outputLimit = 8192;

/** Starts a long-running child (a server under test); it is stopped by runCleanups if not before. */
export function startChild(command: string, args: string[], env?: NodeJS.ProcessEnv): Child {
  const child = spawn(command, args, { env: env ?? process.env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-outputLimit);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<number | null>((resolve) => {
    child.on('error', (error) => {
      keep(Buffer.from(`${error.message}\n`));
      resolve(null);
    });
    child.on('exit', (code) => resolve(code));
  });
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
    await exited;
    clearTimeout(timer);
  };
  onCleanup(stop);
  return { process: child, output: () => output, exited, stop };
}

export interface CommandResult {
  code: number | null;
  stdout: string;
  stderr: string;
  seconds: number;
}

/** Runs a command to completion; never rejects (a missing binary shows as code null and its error). */
export function runCommand(
  command: string,
  args: string[],
  options: { env?: NodeJS.ProcessEnv; input?: string; discardStdout?: boolean } = {},
): Promise<CommandResult> {
  return new Promise((resolve) => {
    const started = performance.now();
    const child = spawn(command, args, {
      env: options.env ?? process.env,
      stdio: [
        options.input === undefined ? 'ignore' : 'pipe',
        options.discardStdout ? 'ignore' : 'pipe',
        'pipe',
      ],
    });
    let stdout = '';
    let stderr = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      stdout = (stdout + chunk.toString('utf8')).slice(-65536);
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString('utf8')).slice(-65536);
    });
    const finish = (code: number | null, extra = '') =>
      resolve({ code, stdout, stderr: stderr + extra, seconds: (performance.now() - started) / 1000 });
    child.on('error', (error) => finish(null, error.message));
    child.on('close', (code) => finish(code));
    child.stdin?.on('error', () => {
      // the child may exit without reading its input; its exit code tells what happened
    });
    child.stdin?.end(options.input);
  });
}

/** One line for a report from a crashed child's output: its first error line, else its last lines. */
export function summarizeOutput(output: string): string {
  const lines = output
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  const errorLine = lines.find((line) => /error/i.test(line) && !/^at /.test(line));
  return (errorLine ?? lines.slice(-3).join(' ')).slice(0, 300) || 'no output';
}
