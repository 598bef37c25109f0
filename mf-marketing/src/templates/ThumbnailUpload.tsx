import { isAllowedUploadType, isWithinUploadLimit, uploadTooLargeMessage } from '@app/contract/rules/upload';
import { Button, FormError } from '@app/shared';
import { useRef, useState } from 'react';
import { serverMessage } from '../server-message.ts';

const imageTypes = ['jpg', 'jpeg', 'png', 'gif', 'webp', 'avif'];

/** §7 thumbnail upload: an image of the computer, kept among the company's files; `onUploaded` gets its address. */
export function ThumbnailUpload({
  upload,
  onUploaded,
}: {
  upload: (file: File) => Promise<string>;
  onUploaded: (url: string) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const send = async (file: File) => {
    setFailure(null);
    const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
    if (!isAllowedUploadType(file.name) || !imageTypes.includes(extension))
      return setFailure('A thumbnail is a JPG, PNG, GIF, WebP or AVIF image');
    if (!isWithinUploadLimit(file.size)) return setFailure(uploadTooLargeMessage(file.name));
    setBusy(true);
    try {
      onUploaded(await upload(file));
    } catch (error) {
      setFailure(serverMessage(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div>
      <input
        ref={input}
        type="file"
        hidden
        aria-label="Thumbnail image file"
        accept={imageTypes.map((type) => `.${type}`).join(',')}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) void send(file);
        }}
      />
      <Button variant="secondary" size="small" busy={busy} onClick={() => input.current?.click()}>
        Upload an image
      </Button>
      <FormError message={failure} />
    </div>
  );
}
