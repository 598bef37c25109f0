/** §5-style limits of a segment's rules: how deep groups nest and how many conditions there are in all. */
export const maxSegmentDepth = 3;
export const maxSegmentConditions = 50;
