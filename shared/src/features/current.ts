import type { ConsoleProfile } from '@app/contract';
import { isConsoleProfile } from '@app/contract';
import { runtimeConfig } from '../config/runtime.ts';

/**
 * The install's §6 profile (CONSOLE_PROFILE, given to the browser in the runtime config): the
 * default of every company; a company the operator restricted (set-console-profile) has its own.
 */
export function installConsoleProfile(): ConsoleProfile | undefined {
  const profile = runtimeConfig().consoleProfile;
  return isConsoleProfile(profile) ? profile : undefined;
}
