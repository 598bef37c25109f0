import { randomBytes } from 'node:crypto';

/**
 * A transmission id: a random positive 62-bit number, as a decimal string like SparkPost's. Made
 * here, not by the database, so messages and events carry it before the single commit.
 */
export function newTransmissionId(): string {
  return (randomBytes(8).readBigUInt64BE() >> 2n).toString();
}
