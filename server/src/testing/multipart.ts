/** A multipart/form-data body with one `file` part per file. */
export function multipart(files: { name: string; bytes: Buffer; field?: string }[]) {
  const boundary = 'test-boundary-7d1f';
  const parts = files.flatMap(({ name, bytes, field = 'file' }) => [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${name}"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    ),
    bytes,
    Buffer.from('\r\n'),
  ]);
  return {
    payload: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
