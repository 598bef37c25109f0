import { abTestMinRecipients, policyVersion } from './constants.ts';

type DateInput = Date | string | number;

function toTime(value: DateInput): number {
  return value instanceof Date ? value.getTime() : new Date(value).getTime();
}

/** §4: a team is expired when now is after expiredDate; no or unreadable date is not expired. */
export function isTeamExpired(
  expiredDate: DateInput | null | undefined,
  now: DateInput = Date.now(),
): boolean {
  if (expiredDate === null || expiredDate === undefined || expiredDate === '') return false;
  const expiry = toTime(expiredDate);
  return Number.isFinite(expiry) && toTime(now) > expiry;
}

function versionParts(version: string): number[] {
  return version.split('.').map((part) => Number.parseInt(part, 10) || 0);
}

/** Compares dotted versions numerically: negative when a < b, 0 when equal, positive when a > b. */
export function compareVersions(a: string, b: string): number {
  const left = versionParts(a);
  const right = versionParts(b);
  for (let index = 0; index < Math.max(left.length, right.length); index += 1) {
    const difference = (left[index] ?? 0) - (right[index] ?? 0);
    if (difference !== 0) return difference;
  }
  return 0;
}

/** §4: the user must accept the policy when they have no version or an older one than current. */
export function needsPolicyUpdate(
  userVersion: string | null | undefined,
  current: string = policyVersion,
): boolean {
  if (!userVersion?.trim()) return true;
  return compareVersions(userVersion.trim(), current) < 0;
}

/** §5: A/B campaigns need at least 10 recipients. */
export function hasEnoughAbRecipients(recipients: number): boolean {
  return recipients >= abTestMinRecipients;
}

/** §5: the A/B winner cannot be 0%. */
export function isValidAbWinner(percentage: number): boolean {
  return Number.isFinite(percentage) && percentage > 0;
}
