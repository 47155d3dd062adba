import { SHELL } from '@portal/contracts';
import { HttpError } from '../api/http';

type SaveErrorAlert = (text: string) => void;

/**
 * How a client or location save failure is shown (administration document 8): 409 and 400
 * show the server's text under 'Ooops!!'; their `fields` go under the inputs too (returned to
 * react-admin's Form). 403/404 also have a text worth showing; anything else is generic.
 */
export function showSaveError(
  error: unknown,
  saveError: SaveErrorAlert,
  mapFields: (fields: Record<string, string>) => Record<string, string> = (f) => f,
): Record<string, string> | undefined {
  if (!(error instanceof HttpError)) {
    saveError(SHELL.genericError);
    return undefined;
  }
  if ([400, 403, 404, 409].includes(error.status)) {
    saveError(error.message);
    return error.fields ? mapFields(error.fields) : undefined;
  }
  saveError(error.status === 0 ? error.message : SHELL.genericError);
  return undefined;
}
