/** A new block id: 12 hex characters of a random UUID (fits the design's `^[A-Za-z0-9_-]{1,40}$`). */
export function newBlockId(): string {
  return crypto.randomUUID().replaceAll('-', '').slice(0, 12);
}
