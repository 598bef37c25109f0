/**
 * Every item of a list the pickers and pages show whole (labels, segments), read 100 at a time (the
 * largest page the API gives), as one answer.
 */
export async function everyPage<T, A extends { items: T[]; total: number; page: number; size: number }>(
  read: (page: number) => Promise<A>,
): Promise<A> {
  const first = await read(1);
  const items = [...first.items];
  for (let page = 2; items.length < first.total && page <= Math.ceil(first.total / first.size); page += 1) {
    const next = (await read(page)).items;
    if (next.length === 0) break;
    items.push(...next);
  }
  return { ...first, items, size: items.length };
}
