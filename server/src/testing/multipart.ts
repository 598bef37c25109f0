/** A multipart/form-data body: the text `fields` first, then one `file` part (or `field`) per file. */
export function multipart(
  files: { name: string; bytes: Buffer; field?: string }[],
  fields: Record<string, string> = {},
) {
  const boundary = 'test-boundary-7d1f';
  const texts = Object.entries(fields).map(([name, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  const parts = files.flatMap(({ name, bytes, field = 'file' }) => [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${name}"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    ),
    bytes,
    Buffer.from('\r\n'),
  ]);
  return {
    payload: Buffer.concat([...texts, ...parts, Buffer.from(`--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
