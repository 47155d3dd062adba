import Box from '@mui/material/Box';
import { useMemo } from 'react';
import { TextInput } from 'react-admin';
import { ASSET_TYPE_TEXT, type AssetTypeRow, AssetTypeSaveBody } from '@portal/contracts';
import { errorText, fieldErrors } from '../common/adminFlow';
import { SchemaForm } from '../common/SchemaForm';
import { SidePanel } from '../common/list';
import { useAlert } from '../common/useAlert';
import { saveAssetType } from './api';

/** The fields the panel edits, validated by the same schema the server uses. */
const FormSchema = AssetTypeSaveBody.pick({ name: true, description: true });

/** Add or edit one asset type. */
export function AssetTypePanel({
  open,
  record,
  finishing,
  onClose,
  onSaved,
}: {
  open: boolean;
  record: AssetTypeRow | null;
  finishing: boolean;
  onClose(): void;
  onSaved(): void;
}) {
  const alert = useAlert();
  const values = useMemo(() => ({ name: record?.name ?? '', description: record?.description ?? '' }), [record]);

  const submit = async (input: Record<string, unknown>) => {
    try {
      await saveAssetType({ ...(record ? { id: record.id } : {}), ...(input as { name: string; description?: string }) });
      alert.success(ASSET_TYPE_TEXT.saved);
      onSaved();
      return undefined;
    } catch (error) {
      alert.saveError(errorText(error, ASSET_TYPE_TEXT.saveError));
      return fieldErrors(error);
    }
  };

  return (
    <SidePanel open={open} title={record ? `Edit Asset Type: ${record.name}` : 'Add Asset Type'} onClose={onClose} width={440}>
      <SchemaForm
        schema={FormSchema}
        record={values}
        onSubmit={submit}
        onCancel={onClose}
        finishing={finishing}
        key={record?.id ?? 'new'}
        saveTestId="asset-types-save"
      >
        <Box sx={{ display: 'grid', gap: 0.5 }}>
          <TextInput source="name" label="Name" autoFocus />
          <TextInput source="description" label="Description" multiline minRows={2} />
        </Box>
      </SchemaForm>
    </SidePanel>
  );
}
