import { z } from 'zod';

/** `POST /v1/email-marketing/category`, `PATCH …/category/{id}`: a category's name, unique in the company. */
export const campaignCategoryBody = z
  .object({
    name: z
      .string()
      .trim()
      .min(1, 'Enter the category name')
      .max(100, 'A category name has at most 100 characters'),
  })
  .strict();

export const campaignCategory = z.object({
  id: z.string(),
  name: z.string(),
  /** Campaigns in it now. */
  campaigns: z.number().int(),
  createdAt: z.string(),
});
/** `GET /v1/email-marketing/category`: every category of the company, by name. */
export const campaignCategoryList = z.object({ items: z.array(campaignCategory) });

export type CampaignCategoryBody = z.output<typeof campaignCategoryBody>;
export type CampaignCategory = z.output<typeof campaignCategory>;
export type CampaignCategoryList = z.output<typeof campaignCategoryList>;
