import { Alert, AppLink, consoleFeature, Page, RoleLockedPage, roleAllows } from '@app/shared';
import type { ComponentType } from 'react';

type TemplateFeature = 'create' | 'update' | 'detail' | 'delete';

const refusals: Record<TemplateFeature, string> = {
  create: 'Creating templates is turned off for this account.',
  update: 'Changing templates is turned off for this account.',
  detail: 'Template details are turned off for this account.',
  delete: 'Deleting templates is turned off for this account.',
};

/** Whether the §6 flags allow this template action (templates themselves on, and the action). */
export const templateFeature = (feature: TemplateFeature): boolean =>
  consoleFeature('template') && consoleFeature(`template.${feature}`);

/**
 * A template page behind its §6 flag (and, for pages that change templates, the role's
 * templates.manage permission): says so instead of offering what the account cannot use.
 */
export function templateGate(
  feature: TemplateFeature | null,
  title: string,
  Inner: ComponentType,
  changes = false,
): ComponentType {
  return function Gated() {
    if (!consoleFeature('template') || (feature && !templateFeature(feature))) {
      return (
        <Page title={title}>
          <Alert type="info">
            {feature ? refusals[feature] : 'Templates are not available for this account.'}{' '}
            {feature && consoleFeature('template') ? (
              <AppLink to="/template">Back to templates</AppLink>
            ) : null}
          </Alert>
        </Page>
      );
    }
    if (changes && !roleAllows('templates.manage')) {
      return <RoleLockedPage title={title} permission="templates.manage" />;
    }
    return <Inner />;
  };
}
