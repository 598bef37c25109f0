import type { SMTPServerDataStream } from 'smtp-server';

/**
 * A DATA stream read to its end: the message, or undefined when it is larger than `maxBytes`.
 * Reading goes on past the limit (keeping nothing more) because the client is still sending and
 * the reply can only come after its final dot.
 */
export function readMessage(stream: SMTPServerDataStream, maxBytes: number): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let received = 0;
    stream.on('data', (chunk: Buffer) => {
      received += chunk.length;
      if (received <= maxBytes) chunks.push(chunk);
    });
    stream.once('error', reject);
    stream.once('end', () => {
      resolve(stream.sizeExceeded || received > maxBytes ? undefined : Buffer.concat(chunks, received));
    });
  });
}
