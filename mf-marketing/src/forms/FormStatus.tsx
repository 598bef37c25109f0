import { StatusTag } from '@app/shared';

/** A form's state as a tag: published, or a draft. */
export function FormStatus({ published }: { published: boolean }) {
  return (
    <StatusTag variant={published ? 'success' : 'neutral'}>{published ? 'Published' : 'Draft'}</StatusTag>
  );
}
