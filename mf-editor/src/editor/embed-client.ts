// The embed API (`${apiBase}/embed/v1`) for one editor: its own wretch instance with the embed token.
import type { DesignBlock, EmailDesign } from '@app/contract/editor/design';
import type {
  DesignRendered,
  DesignSaved,
  EmbedSession,
  MediaFile,
  MediaListAnswer,
  SavedBlock,
  StoredDesign,
} from '@app/contract/editor/embed-api';
import wretch, { type Wretch } from 'wretch';

/** A failed call: the server's `description || message`, and the HTTP status when there was a response. */
export class EmbedError extends Error {
  readonly status: number | undefined;
  constructor(message: string, status: number | undefined) {
    super(message);
    this.name = 'EmbedError';
    this.status = status;
  }
}

/** The user-facing text of a SparkPost-shaped error body (`{errors: [{message, description}]}`). */
export function errorMessageOf(body: string, fallback: string): string {
  try {
    const parsed = JSON.parse(body) as { errors?: { message?: string; description?: string }[] };
    const first = parsed.errors?.[0];
    return first?.description || first?.message || fallback;
  } catch {
    return fallback;
  }
}

async function call<T>(request: () => Promise<{ results: T }>): Promise<T> {
  try {
    return (await request()).results;
  } catch (error) {
    const status = (error as { status?: number }).status;
    if (status === undefined) throw new EmbedError('The editor could not reach the server.', undefined);
    throw new EmbedError(
      errorMessageOf((error as Error).message, `The server refused the request (${status}).`),
      status,
    );
  }
}

export interface DesignSaveRequest {
  design: EmailDesign;
  revision: number;
  name?: string;
  publish: boolean;
}

export type EmbedClient = ReturnType<typeof createEmbedClient>;

/**
 * `token` is read on every call (a string, or a function for the current one): a page renews the
 * element's token while it is open, and the editor keeps its unsaved design across the change.
 */
export function createEmbedClient(apiBase: string, token: string | (() => string)) {
  const current = typeof token === 'string' ? () => token : token;
  const api: Wretch = wretch(`${apiBase.replace(/\/+$/, '')}/embed/v1`).defer((request) =>
    request.auth(`Bearer ${current()}`),
  );
  const path = (id: string) => encodeURIComponent(id);
  return {
    session: () => call<EmbedSession>(() => api.get('/session').json()),
    loadDesign: (templateId: string) =>
      call<StoredDesign>(() => api.get(`/templates/${path(templateId)}/design`).json()),
    saveDesign: (templateId: string, body: DesignSaveRequest) =>
      call<DesignSaved>(() =>
        api
          .url(`/templates/${path(templateId)}/design`)
          .put(body)
          .json(),
      ),
    render: (design: EmailDesign) => call<DesignRendered>(() => api.url('/render').post({ design }).json()),
    /** One page of the company's files, newest first; `nextCursor` asks for the next (null: no more). */
    listMedia: (type?: 'image', cursor?: string) => {
      const query = new URLSearchParams(type ? { type } : {});
      if (cursor) query.set('cursor', cursor);
      return call<{ files: MediaFile[]; nextCursor: string | null }>(() =>
        api
          .get(`/media${query.size ? `?${query}` : ''}`)
          .json<MediaListAnswer>()
          .then((page) => ({ results: { files: page.results, nextCursor: page.next_cursor ?? null } })),
      );
    },
    uploadMedia: (file: File) =>
      call<MediaFile>(() =>
        api
          .url(`/media?name=${encodeURIComponent(file.name)}`)
          .headers({ 'Content-Type': file.type || 'application/octet-stream' })
          .body(file)
          .post()
          .json(),
      ),
    /** Deletes one of the company's files; its address stops working. */
    deleteMedia: (id: string) =>
      call<undefined>(async () => {
        await api
          .url(`/media/${path(id)}`)
          .delete()
          .res();
        return { results: undefined };
      }),
    listSavedBlocks: () => call<SavedBlock[]>(() => api.get('/saved-blocks').json()),
    saveBlock: (name: string, block: DesignBlock) =>
      call<SavedBlock>(() => api.url('/saved-blocks').post({ name, block }).json()),
    deleteSavedBlock: (id: string) =>
      call<undefined>(async () => {
        await api
          .url(`/saved-blocks/${path(id)}`)
          .delete()
          .res();
        return { results: undefined };
      }),
  };
}
