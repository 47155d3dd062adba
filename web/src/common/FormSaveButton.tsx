import { SaveButton } from 'react-admin';
import { useFormState } from 'react-hook-form';
import { SHELL } from '@portal/contracts';
import { TrackUnsavedChanges } from './list/SidePanel';

/**
 * Save of a panel or dialog form: enabled once the form's own rule (`ok`: the required fields)
 * holds and no field shows an error (a bad e-mail, over-long text, a server 400/409 naming the
 * field). So a click never meets react-admin's generic "The form is not valid" alert: the
 * message stays under the field. It also tells a SidePanel about unsaved changes. Errors of
 * the `ignoring` fields leave it enabled (a Save that lets a field be refused on click).
 */
export function FormSaveButton({ ok, testId, ignoring = [] }: { ok: boolean; testId: string; ignoring?: readonly string[] }) {
  const { errors } = useFormState();
  const enabled = ok && Object.keys(errors).every((field) => ignoring.includes(field));
  return (
    <>
      <TrackUnsavedChanges />
      <SaveButton label={SHELL.save} disabled={!enabled} alwaysEnable={enabled} data-testid={testId} />
    </>
  );
}
