import { analyticPresetDeleted } from '@app/contract/engine/analytic-presets';
import { stringIdParams } from '@app/contract/engine/common';
import {
  analyticPreset,
  analyticPresetCreateBody,
  analyticPresetList,
  analyticPresetUpdateBody,
} from '@app/contract/engine/index';
import { envelope } from '@app/contract/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AuthGuards, bearerSecurity, sessionOf } from '../../../http/auth.ts';
import type { PresetStore } from './preset-store.ts';

export interface PresetRouteDeps {
  guards: Pick<AuthGuards, 'full'>;
  presets: PresetStore;
}

const tags = ['analytics'];
const notes = "Presets belong to the session's company; another company's id answers 404 entityNotFound.";

/**
 * The console's saved analytics views (`/v1/analytic-presets`, session-authenticated): list, read,
 * save, rename or change, delete. Any member may keep the company's presets (they change no mail).
 */
export function analyticPresetRoutes({ guards, presets }: PresetRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const base = { onRequest: guards.full };
    app.get(
      '/analytic-presets',
      {
        ...base,
        schema: {
          tags,
          summary: "The company's analytics presets, by name",
          security: bearerSecurity,
          response: { 200: envelope(analyticPresetList) },
        },
      },
      async (request) => ({ data: { items: await presets.list(sessionOf(request).companyId) } }),
    );

    app.get(
      '/analytic-presets/:id',
      {
        ...base,
        schema: {
          tags,
          summary: 'One analytics preset',
          description: notes,
          security: bearerSecurity,
          params: stringIdParams,
          response: { 200: envelope(analyticPreset) },
        },
      },
      async (request) => ({ data: await presets.get(sessionOf(request).companyId, request.params.id) }),
    );

    app.post(
      '/analytic-presets',
      {
        ...base,
        schema: {
          tags,
          summary: 'Save the analytics filters under a name',
          description:
            '409 duplicate when the name is taken (without case); 409 quotaExceeded past 100 presets.',
          security: bearerSecurity,
          body: analyticPresetCreateBody,
          response: { 200: envelope(analyticPreset) },
        },
      },
      async (request) => ({
        data: await presets.create(sessionOf(request).companyId, request.body.name, request.body.filters),
      }),
    );

    app.put(
      '/analytic-presets/:id',
      {
        ...base,
        schema: {
          tags,
          summary: 'Rename a preset or replace its filters',
          description: `${notes} 409 duplicate when the new name is taken.`,
          security: bearerSecurity,
          params: stringIdParams,
          body: analyticPresetUpdateBody,
          response: { 200: envelope(analyticPreset) },
        },
      },
      async (request) => ({
        data: await presets.update(sessionOf(request).companyId, request.params.id, request.body),
      }),
    );

    app.delete(
      '/analytic-presets/:id',
      {
        ...base,
        schema: {
          tags,
          summary: 'Delete a preset',
          description: notes,
          security: bearerSecurity,
          params: stringIdParams,
          response: { 200: envelope(analyticPresetDeleted) },
        },
      },
      async (request) => {
        await presets.remove(sessionOf(request).companyId, request.params.id);
        return { data: { deleted: true as const } };
      },
    );
  };
}
