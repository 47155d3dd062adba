// The technical libraries' interface (administration document; DECISIONS 10): routes for features/index.ts.
export { libraryRoutes } from './library.routes';
export { LIBRARY_FILE_OWNER } from './library.service';
