import { can } from '../permissions';
import type { Role } from '../roles';
import type { LibraryRights } from './schemas';

/**
 * Who may change a library's folders and files: the `library.write` roles (the LO roles);
 * everyone who may read sees them (client roles only their own company's and sites').
 */
export function libraryCan(role: Role): LibraryRights {
  const write = can(role, 'library.write');
  return { edit: write, delete: write, upload: write };
}
