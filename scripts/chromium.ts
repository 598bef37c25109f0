import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/**
 * Finds Chromium for the browser tests: CHROME_PATH, else /usr/bin/chromium. When missing and we are
 * root on Debian, installs it with apt-get; otherwise stops with a message that says what to do.
 */
export function ensureChromium(): string {
  const candidates = [process.env.CHROME_PATH, '/usr/bin/chromium'].filter((path): path is string =>
    Boolean(path),
  );
  const found = candidates.find((path) => existsSync(path));
  if (found) return found;
  const isRoot = process.getuid?.() === 0;
  if (isRoot && existsSync('/usr/bin/apt-get')) {
    console.log('Chromium is missing: installing it with apt-get (Debian package "chromium") ...');
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env });
    if (existsSync('/usr/bin/chromium')) return '/usr/bin/chromium';
  }
  console.error(
    'The browser tests need Chromium. Install it (Debian: `apt-get install -y chromium`) or set CHROME_PATH to a Chromium or Chrome binary.',
  );
  process.exit(1);
}
