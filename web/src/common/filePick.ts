import { FILES } from '@portal/contracts';

/** A file of a pick that was not added, and why (in the user's words). */
export interface RefusedFile {
  name: string;
  reason: string;
}

/**
 * Sorts a multi-file pick (issue 20): the files that pass are kept, in order, and every other
 * one is named with its reason, so one bad file never throws the good ones away. `reasonOf`
 * answers null for a good file; `room` caps how many may be kept (the rest are refused).
 */
export function sortPick<F extends { name: string; size: number }>(
  files: readonly F[],
  reasonOf: (file: F, kept: readonly F[]) => string | null,
  room = Number.POSITIVE_INFINITY,
): { accepted: F[]; refused: RefusedFile[]; message: string | null } {
  const accepted: F[] = [];
  const refused: RefusedFile[] = [];
  for (const file of files) {
    const reason = reasonOf(file, accepted) ?? (accepted.length >= room ? FILES.reasonCount(room) : null);
    if (reason) refused.push({ name: file.name, reason });
    else accepted.push(file);
  }
  return { accepted, refused, message: refused.length > 0 ? FILES.notAdded(refused) : null };
}

export const megabytes = (bytes: number) => Math.round(bytes / (1024 * 1024));
