import type { ConsoleFlags, FlagGroup, FlagPath } from './flags.ts';
import { defaultConsoleFlags } from './flags.ts';
import type { ConsoleProfile } from './profiles.ts';
import { consoleProfiles, profileDefinitions } from './profiles.ts';
import type { RangeRules } from './ranges.ts';
import { defaultRangeRules } from './ranges.ts';

export function isConsoleProfile(value: unknown): value is ConsoleProfile {
  return typeof value === 'string' && (consoleProfiles as readonly string[]).includes(value);
}

/** The console flags for a restricted profile; all on without a profile. */
export function featureFlagsFor(profile?: ConsoleProfile): ConsoleFlags {
  const flags = defaultConsoleFlags();
  if (!profile) return flags;
  const overrides = profileDefinitions[profile].overrides;
  const target = flags as unknown as Record<string, Record<string, boolean>>;
  for (const [group, values] of Object.entries(overrides)) {
    target[group] = { ...target[group], ...(values as Record<string, boolean>) };
  }
  return flags;
}

/** The analytics range options and custom-range limits for a profile. */
export function rangeRulesFor(profile?: ConsoleProfile): RangeRules {
  return profile ? profileDefinitions[profile].ranges : defaultRangeRules;
}

/** 'webhook' → the group is enabled; 'webhook.activity' → the group and the sub-flag are enabled. */
export function isFeatureOn(flags: ConsoleFlags, path: FlagPath): boolean {
  const [group, flag] = path.split('.') as [FlagGroup, string | undefined];
  const values = flags[group] as unknown as Record<string, boolean>;
  if (!values?.enabled) return false;
  return flag === undefined ? true : values[flag] === true;
}
