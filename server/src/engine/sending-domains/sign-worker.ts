import { type DkimSigningKey, signMessage } from './dkim-sign.ts';

/** Runs on a signing thread: the message's bytes come and go as copies of plain arrays. */
export async function sign(task: { raw: Uint8Array; key: DkimSigningKey }): Promise<Uint8Array> {
  return signMessage(Buffer.from(task.raw.buffer, task.raw.byteOffset, task.raw.byteLength), task.key);
}
