import type { FileItem, FileListAnswer, FileListQuery, FileUsage } from '@app/contract/marketing/files';
import { http, usesSampleData } from '@app/shared';
import { listQueryString } from '../lists/list-query.ts';
import { sampleFileApi } from './sample-files.ts';

/** What the File Manager asks of its files: the server's, or the sample set of the demo vendors (§1). */
export interface FileApi {
  list(query: FileListQuery): Promise<FileListAnswer>;
  usage(): Promise<FileUsage>;
  upload(file: File, onProgress: (sent: number) => void, signal: AbortSignal): Promise<FileItem>;
  rename(id: string, name: string): Promise<FileItem>;
  remove(id: string): Promise<void>;
  /** The email templates whose design shows the file. */
  designsUsing(id: string): Promise<string[]>;
}

const path = (id: string) => `/media/${encodeURIComponent(id)}`;

const serverFileApi: FileApi = {
  list: (query) => http.config.get<FileListAnswer>(`/media?${listQueryString(query)}`),
  usage: () => http.config.get<FileUsage>('/media/usage'),
  async upload(file, onProgress, signal) {
    const form = new FormData();
    form.append('file', file, file.name);
    const answer = await http.config.upload<{ items: FileItem[] }>('/media', form, onProgress, {
      quiet: true,
      signal,
    });
    const [stored] = answer.items;
    if (!stored) throw new Error('The server kept no file');
    return stored;
  },
  rename: (id, name) => http.config.patch<FileItem>(path(id), { name }, { quiet: true }),
  remove: (id) => http.config.delete<void>(path(id)),
  designsUsing: (id) =>
    http.config.get<{ templates: string[] }>(`${path(id)}/designs`).then((answer) => answer.templates),
};

export const fileApi = (): FileApi => (usesSampleData() ? sampleFileApi : serverFileApi);
