import { defaultDesign } from '@app/contract/editor/default-design';
import { DomainError } from '../../domain-error.ts';
import type { CampaignService } from '../campaigns/campaign-service.ts';
import type { FormService } from '../forms/form-service.ts';
import type { PageService } from '../pages/page-service.ts';
import type { TemplateAreas } from './template-service.ts';

/** Templates' door on the campaigns, pages and forms services: what they read and what they make. */
export function templateAreasOf(services: {
  campaigns: Pick<CampaignService, 'get' | 'create'>;
  pages: Pick<PageService, 'get' | 'createFromTemplate' | 'applyTemplate'>;
  forms: Pick<FormService, 'get' | 'createFromTemplate' | 'remove'>;
}): TemplateAreas {
  const { campaigns, pages, forms } = services;
  return {
    async campaign(companyId, id) {
      const campaign = await campaigns.get(companyId, id);
      if (campaign.content && 'html' in campaign.content) {
        throw new DomainError('validation', 'Only a campaign designed in the editor can become a template', {
          field: 'source',
        });
      }
      return {
        subject: campaign.subject,
        preheader: campaign.preheader,
        design: campaign.content?.design ?? defaultDesign(),
      };
    },
    async page(companyId, id) {
      const page = await pages.get(companyId, id);
      return {
        name: page.name,
        category: page.category,
        setting: page.setting,
        design: page.design,
        formIds: page.formIds,
      };
    },
    async form(companyId, id) {
      const form = await forms.get(companyId, id);
      return {
        name: form.name,
        components: form.components,
        settings: form.settings,
        labels: form.labels.map((label) => label.id),
        saveToContact: form.saveToContact,
        allowUpdate: form.allowUpdate,
        optin: form.optin,
      };
    },
    newCampaign: async (companyId, campaign) =>
      (
        await campaigns.create(companyId, {
          name: campaign.name,
          subject: campaign.subject,
          preheader: campaign.preheader,
          content: { design: campaign.design },
        })
      ).id,
    newPage: async (companyId, page) => (await pages.createFromTemplate(companyId, page)).pageId,
    setPageDesign: async (companyId, pageId, page) => {
      await pages.applyTemplate(companyId, pageId, page);
    },
    newForm: async (companyId, form) => (await forms.createFromTemplate(companyId, form)).formId,
    removeForm: (companyId, id) => forms.remove(companyId, id),
    ownFormIds: async (companyId, ids) =>
      (
        await Promise.all(
          ids.map((id) =>
            forms.get(companyId, id).then(
              () => id,
              () => null,
            ),
          ),
        )
      ).filter((id): id is string => id !== null),
  };
}
