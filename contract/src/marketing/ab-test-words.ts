/**
 * The A/B tests' words and limits (issue 25, §5, §8) that the console shows as they are; no zod here,
 * so the marketing app can take them without the schemas.
 */

/** Versions B, C and D beside the campaign's own (A): an A/B test has 2 to 4. */
export const maxAbVersions = 4;
export const abVersionNames = ['A', 'B', 'C', 'D'] as const;
/** The share of the recipients the versions are tested on; the winner goes to the rest. */
export const abTestShare = { min: 10, max: 50, default: 20 } as const;
/** Hours between the test's send and the winner's. */
export const abWaitHours = { min: 1, max: 168, default: 4 } as const;
/** §5/§9: an A/B test needs at least this many recipients. */
export const abMinRecipients = 10;

/** What decides the winner: the click rate (the default), or the open rate of people (machine opens never count). */
export const abMetrics = ['clicks', 'opens'] as const;
export type AbMetric = (typeof abMetrics)[number];

/** Where the test stands: versions going out, waiting for the winner, the winner going to the rest. */
export const abPhases = ['test', 'waiting', 'winner'] as const;
export type AbPhase = (typeof abPhases)[number];

export const abMessages = {
  /** §8, word for word: a test share that leaves the winner nobody. */
  winnerZero: 'The A/B test winner cannot be 0%',
  /** §8, word for word: fewer than 10 recipients. */
  tooFewRecipients: 'The recipient label must contain at least 10 contacts',
  testShare: `The test share is ${abTestShare.min}% to ${abTestShare.max}% of the recipients`,
  sameAsA: 'Each version changes the subject, the sender name or the content',
  notWaiting: 'A winner can be picked only while the test waits for one',
  noSuchVersion: 'The A/B test has no such version',
  started: 'The test has gone out: the campaign can only be cancelled',
  tooSmall: 'The difference is too small to tell from this sample: the winner may be chance',
} as const;
