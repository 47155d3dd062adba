import type { Db } from '../db/types';
import type { Scope } from './scope';

/**
 * Who may download a stored file: one rule per owner type, registered by the feature that
 * owns the record (DECISIONS 6: "serves a file only to a user who may see the record it
 * belongs to"). A file whose owner type has no rule is never served.
 */
export type FileAccessRule = (db: Db, scope: Scope, ownerId: number) => Promise<boolean>;

const rules = new Map<string, FileAccessRule>();

export function registerFileAccess(ownerType: string, rule: FileAccessRule): void {
  rules.set(ownerType, rule);
}

export async function mayDownload(db: Db, scope: Scope, file: { ownerType: string; ownerId: number }): Promise<boolean> {
  const rule = rules.get(file.ownerType);
  return rule ? rule(db, scope, file.ownerId) : false;
}

/** Owner types of issue 2 and 3. */
export const OWNER = {
  namespaceLogo: 'namespace-logo',
  clientLogo: 'client-logo',
  userSignature: 'user-signature',
} as const;

/**
 * `GET /api/filedownload?id=<record id>&category=<n>`: the current file of a kind for a record
 * (the spec's report PDFs: 2 field report, 3 full checklist; ours: 1 certificate). The
 * feature that makes those files registers how to find one; it answers the file's blob key
 * after checking the caller may see the record, or throws the 404 that says why there is none.
 */
export type CategoryResolver = (db: Db, scope: Scope, recordId: number) => Promise<string>;

const categories = new Map<string, CategoryResolver>();

export function registerDownloadCategory(category: string, resolver: CategoryResolver): void {
  categories.set(category, resolver);
}

export function downloadCategory(category: string): CategoryResolver | undefined {
  return categories.get(category);
}
