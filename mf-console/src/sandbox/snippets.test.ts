import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { curlSnippet, nodemailerSnippet, pythonSnippet, type SnippetInput, shellQuote } from './snippets.ts';

const input: SnippetInput = {
  apiBaseUrl: 'https://mail.example.com/api/v1',
  smtp: { host: 'mail.example.com', port: 587, username: 'SMTP_Injection', certificate: 'self-signed' },
  apiKey: 'abc123',
  from: 'sandbox@example.com',
  to: 'me@example.com',
  subject: "Don't panic",
  text: 'Line one\nLine two',
  html: '<p>It\'s "quoted"</p>',
};

describe('configuration snippets', () => {
  it('quotes for the shell so that the shell gives back the exact text', () => {
    for (const value of ["it's", "'", 'a"b', '$HOME `x`', 'new\nline']) {
      expect(execFileSync('sh', ['-c', `printf %s ${shellQuote(value)}`]).toString()).toBe(value);
    }
  });

  it('builds a curl command whose body is the transmission as JSON', () => {
    const snippet = curlSnippet(input);
    // The shell reads the snippet back into its words: run it with a stand-in for curl that prints them.
    const words = execFileSync('sh', ['-c', `curl() { printf '%s\\n---\\n' "$@"; }\n${snippet}`])
      .toString()
      .split('\n---\n');
    expect(words.slice(0, 7)).toEqual([
      '-X',
      'POST',
      'https://mail.example.com/api/v1/transmissions',
      '-H',
      'Authorization: abc123',
      '-H',
      'Content-Type: application/json',
    ]);
    expect(JSON.parse(words[8] ?? '')).toEqual({
      recipients: [{ address: { email: 'me@example.com' } }],
      content: { from: 'sandbox@example.com', subject: "Don't panic", text: input.text, html: input.html },
    });
  });

  it('tells nodemailer to accept a self-signed relay certificate only when it is one', () => {
    expect(nodemailerSnippet(input)).toContain('rejectUnauthorized: false');
    expect(nodemailerSnippet({ ...input, smtp: { ...input.smtp, certificate: 'configured' } })).not.toContain(
      'rejectUnauthorized',
    );
    expect(nodemailerSnippet(input)).toContain('user: "SMTP_Injection", pass: "abc123"');
  });

  it('writes the Python body as a dict literal', () => {
    expect(pythonSnippet(input)).toContain('"https://mail.example.com/api/v1/transmissions"');
    expect(pythonSnippet(input)).toContain('headers={"Authorization": "abc123"}');
  });
});
