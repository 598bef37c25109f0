import { execFileSync } from 'node:child_process';

/** Whether a `curl` binary is on this machine (snippets are then run as a user would paste them). */
export function hasCurl(): boolean {
  try {
    execFileSync('curl', ['--version']);
    return true;
  } catch {
    return false;
  }
}

/** The words of a `curl -X POST URL -H ... -d BODY` snippet as the shell would read them. */
export function curlWords(snippet: string): string[] {
  const script = `curl() { for word in "$@"; do printf '%s\\0' "$word"; done; }\n${snippet}`;
  return execFileSync('sh', ['-c', script]).toString().split('\0').slice(0, -1);
}

/** Runs a curl snippet shown by the console and parses its JSON answer. */
export function runCurlSnippet(snippet: string): unknown {
  return JSON.parse(execFileSync('sh', ['-c', `${snippet} --silent --show-error --noproxy '*'`]).toString());
}
