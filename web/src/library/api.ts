import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { LIBRARY_DTO_FIELD, LIBRARY_FILE_FIELD, type LibraryEntry, type LibraryKind } from '@portal/contracts';
import { del, get, post } from '../api/http';
import { uploadFiles } from '../api/upload';

/** The folders of a library part; not asked until the pictorial and report libraries have a client and a site. */
export function useFolders(library: LibraryKind, clientId: number | null, siteId: number | null, enabled: boolean) {
  return useQuery({
    queryKey: ['library', library, clientId, siteId],
    queryFn: () =>
      get<LibraryEntry[]>('/document/getEntityByClientAndSiteId', {
        query: { name: library, clientId: clientId ?? undefined, siteId: siteId ?? undefined },
      }),
    enabled,
  });
}

export function useFiles(folderId: number | null) {
  return useQuery({
    queryKey: ['libraryFiles', folderId],
    queryFn: () => get<LibraryEntry[]>('/document/getEntityByParentId', { query: { parentId: folderId ?? undefined } }),
    enabled: folderId !== null,
  });
}

/** Reloads the folders and files of every library shown. */
export function useReloadLibrary() {
  const client = useQueryClient();
  return useCallback(() => {
    void client.invalidateQueries({ queryKey: ['library'] });
    void client.invalidateQueries({ queryKey: ['libraryFiles'] });
  }, [client]);
}

export const saveEntity = (body: Record<string, unknown>) => post<LibraryEntry>('/document/saveEntity', body);

export const deleteEntity = (id: number) =>
  del<{ id: number; deletedFiles: number }>('/document/deleteEntity', { query: { documentId: id } });

export function uploadLibraryFiles(folderId: number, files: File[], onProgress: (fraction: number) => void, signal: AbortSignal) {
  return uploadFiles<{ files: LibraryEntry[]; message: string }>({
    url: '/api/document/saveFile',
    fields: [[LIBRARY_DTO_FIELD, JSON.stringify({ parentId: folderId, tenantId: 2 })]],
    files: files.map((file) => [LIBRARY_FILE_FIELD, file]),
    onProgress,
    signal,
    accept: (body) => (Array.isArray(body.files) ? (body as { files: LibraryEntry[]; message: string }) : undefined),
  });
}

/** The address that serves a stored file (inline for images and PDFs). */
export const fileUrl = (blobKey: string) => `/api/filedownload?id=${encodeURIComponent(blobKey)}`;

export type FileIcon = 'image' | 'pdf' | 'excel' | 'word' | 'other';

/** Which picture a file card shows: its thumbnail, an embedded PDF, or an icon of its kind. */
export function fileKindOf(entry: Pick<LibraryEntry, 'fileType' | 'name'>): FileIcon {
  const type = entry.fileType ?? '';
  const ext = entry.name.toLowerCase().split('.').pop() ?? '';
  if (type.startsWith('image/')) return 'image';
  if (type === 'application/pdf') return 'pdf';
  if (type.includes('spreadsheet') || type.includes('ms-excel') || type === 'text/csv' || ['xls', 'xlsx', 'csv'].includes(ext))
    return 'excel';
  if (type.includes('word') || ['doc', 'docx'].includes(ext)) return 'word';
  return 'other';
}
