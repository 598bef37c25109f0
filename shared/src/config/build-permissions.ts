import { buildPermissionsOf, type Permission } from '@app/contract';
import { runtimeConfig } from './runtime.ts';

/**
 * The role permissions this build offers: every one in the full variant; the smtp variant, which has
 * no marketing, neither offers nor lists the marketing ones.
 */
export function buildPermissions(): readonly Permission[] {
  return buildPermissionsOf(runtimeConfig().variant);
}
