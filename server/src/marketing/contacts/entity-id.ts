import { numericId } from '@app/contract/engine/common';

/** Whether a path's id can name a contact, field or label (a bigint): anything else names none. */
export const isId = (id: string) => numericId.safeParse(id).success;
