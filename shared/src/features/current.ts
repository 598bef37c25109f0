import { runtimeConfig } from '../config/runtime.ts';
import { isConsoleProfile } from './feature-flags.ts';
import type { ConsoleProfile } from './profiles.ts';

/**
 * The install's §6 profile (CONSOLE_PROFILE, given to the browser in the runtime config): the
 * default of every company; a company the operator restricted (set-console-profile) has its own.
 */
export function installConsoleProfile(): ConsoleProfile | undefined {
  const profile = runtimeConfig().consoleProfile;
  return isConsoleProfile(profile) ? profile : undefined;
}
