import { $currentRoute, AppLink, EmbeddedEmailEditor, Page, showToast } from '@app/shared';
import { useStore } from '@nanostores/react';

/**
 * The one composer of §2 still on engine templates (formpage-compose): it mounts `<email-editor>`
 * full width on the engine template named by the route's id; Ctrl+S saves it (§2), as the element's
 * Save does.
 */
export function ComposePage() {
  const route = useStore($currentRoute);
  const id = route?.params.id ?? '';
  return (
    <Page
      title={route?.title ?? 'Compose'}
      description={
        <>
          Designing template <code>{id}</code>. Ctrl+S saves the draft; Publish makes it the version sent.{' '}
          <AppLink to={`/template/${encodeURIComponent(id)}`}>View template</AppLink>
        </>
      }
    >
      <EmbeddedEmailEditor
        templateId={id}
        onSave={(saved) =>
          showToast({ type: 'success', message: saved.published ? 'Template published.' : 'Draft saved.' })
        }
      />
    </Page>
  );
}
