import { type DesignMessage, designLimits, type EmailDesign } from '@app/contract/editor/design';
import type { DesignRendered, DesignSaved, StoredDesign } from '@app/contract/editor/embed-api';
import type { TemplateContentBody } from '@app/contract/engine/index';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/db.ts';
import { checkTemplateContent } from '../../engine/templates/content.ts';
import type {
  TemplateChange,
  TemplateStore,
  TemplateVersion,
} from '../../engine/templates/template-store.ts';
import { invalidValue, missingValue } from '../../engine-error.ts';
import { type DesignKey, designStore } from './design-store.ts';
import type { RenderDesign, RenderedDesign } from './render/render-design.ts';

export interface DesignServiceDeps {
  db: Db;
  clock: Clock;
  render: RenderDesign;
  /** The template store working on `db`: during a save, the save's transaction. */
  templatesOn: (db: Db) => Pick<TemplateStore, 'create' | 'get' | 'update'>;
}

export interface DesignSave {
  design: EmailDesign;
  /** The revision the edit started from. */
  revision: number;
  /** The template's name when the save creates it. */
  name?: string | undefined;
  publish: boolean;
}

/** Thrown inside the save's transaction so that nothing of it stays. */
class StaleRevision extends Error {}

/** The mail a design makes, as an engine template's content; empty message fields are left out. */
function contentOf(message: DesignMessage, rendered: RenderedDesign): TemplateContentBody {
  const content: TemplateContentBody = { html: rendered.html, text: rendered.text };
  const subject = message.subject.trim();
  const email = message.fromEmail.trim();
  const name = message.fromName.trim();
  if (subject) content.subject = subject;
  if (email) content.from = name ? { email, name } : { email };
  if (message.replyTo.trim()) content.reply_to = message.replyTo.trim();
  return content;
}

/** A design is work in progress: without a subject or sender it is saved, but not published. */
function checkPublishable(message: DesignMessage): void {
  if (!message.subject.trim()) throw missingValue('Add a subject in Global Setting before publishing');
  if (!message.fromEmail.trim()) throw missingValue('Add a From address in Global Setting before publishing');
}

function checkSize(design: EmailDesign): void {
  if (Buffer.byteLength(JSON.stringify(design)) > designLimits.bytes) {
    throw invalidValue(`The design is larger than ${designLimits.bytes} bytes as JSON`);
  }
}

function describeFindings(rendered: RenderedDesign): string {
  const listed = rendered.findings
    .slice(0, 10)
    .map((finding) => `line ${finding.line} <${finding.tag}>: ${finding.message}`);
  return `The design does not make valid MJML: ${listed.join('; ')}`;
}

export type DesignService = ReturnType<typeof createDesignService>;

/** Templates' designs: read, rendered to mail, and saved with their HTML and text as the engine template. */
export function createDesignService({ db, clock, render, templatesOn }: DesignServiceDeps) {
  const templates = templatesOn(db);

  async function renderChecked(companyId: string, design: EmailDesign): Promise<RenderedDesign> {
    checkSize(design);
    const rendered = await render(companyId, design);
    if (rendered.findings.length > 0) throw invalidValue(describeFindings(rendered));
    return rendered;
  }

  return {
    async read(key: DesignKey): Promise<StoredDesign> {
      const template = await templates.get(key.companyId, key.subaccountId, key.templateId);
      const stored = await designStore.get(db, key);
      return {
        template_id: key.templateId,
        name: template?.name ?? key.templateId,
        exists: template !== undefined,
        design: stored?.design ?? null,
        revision: stored?.revision ?? 0,
        has_draft: template?.hasDraft ?? false,
        has_published: template?.hasPublished ?? false,
        updated_at: stored?.updatedAt.toISOString() ?? null,
      };
    },

    /** The design as mail, rendered for `companyId`. */
    async render(companyId: string, design: EmailDesign): Promise<DesignRendered> {
      checkSize(design);
      const { html, text, findings, assets } = await render(companyId, design);
      return { html, text, findings, assets };
    },

    /** The saved state, or 'stale' when the design changed since `save.revision`. */
    async save(key: DesignKey, save: DesignSave): Promise<DesignSaved | 'stale'> {
      if (save.publish) checkPublishable(save.design.message);
      const content = contentOf(save.design.message, await renderChecked(key.companyId, save.design));
      // The checks a stored template passes (sender address, substitution syntax), with stand-ins for
      // what a draft may still lack.
      await checkTemplateContent(key.companyId, {
        subject: 'draft',
        from: { email: 'draft@example.com' },
        ...content,
      });
      const now = clock.now();
      const revision = save.revision + 1;
      try {
        const template = await db.transaction(async (tx) => {
          const current = await designStore.get(tx, key, true);
          if ((current?.revision ?? 0) !== save.revision) throw new StaleRevision();
          const written = await writeTemplate(templatesOn(tx), key, content, save);
          if (!(await designStore.put(tx, key, save.design, revision, now))) throw new StaleRevision();
          return written;
        });
        return {
          template_id: key.templateId,
          revision,
          has_draft: template.hasDraft,
          has_published: template.hasPublished,
          updated_at: now.toISOString(),
        };
      } catch (error) {
        if (error instanceof StaleRevision) return 'stale';
        throw error;
      }
    },
  };
}

/** The design's mail as the template's draft (created when new), published too with `save.publish`. */
async function writeTemplate(
  store: Pick<TemplateStore, 'create' | 'get' | 'update'>,
  key: DesignKey,
  content: TemplateContentBody,
  save: DesignSave,
): Promise<{ hasDraft: boolean; hasPublished: boolean }> {
  const { companyId, subaccountId, templateId } = key;
  const updated = await store.update(companyId, subaccountId, templateId, (current) => {
    const base = current.draft ?? current.published;
    const draft: TemplateVersion = { content, options: base?.options ?? {} };
    if (base?.substitution_data) draft.substitution_data = base.substitution_data;
    const next: TemplateChange = {
      name: current.name,
      description: current.description,
      sharedWithSubaccounts: current.sharedWithSubaccounts,
      draft,
      published: current.published,
      publishedVersion: current.publishedVersion,
    };
    // As PUT /api/v1/templates/:id with published: true does: the draft becomes the published version.
    if (save.publish) {
      next.published = draft;
      next.draft = null;
      next.publishedVersion += 1;
    }
    return next;
  });
  if (updated) return updated;
  const created = await store.create(companyId, subaccountId, {
    id: templateId,
    name: save.name ?? templateId,
    description: '',
    sharedWithSubaccounts: false,
    version: { content, options: {} },
    published: save.publish,
  });
  // Created by another request since: that save wins, this one starts again from it.
  if (!created) throw new StaleRevision();
  return { hasDraft: !save.publish, hasPublished: save.publish };
}
