import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useMemo, useState } from 'react';
import { SelectInput, TextInput } from 'react-admin';
import {
  ASSET_CATEGORIES,
  ASSET_TYPE_LABELS,
  ASSET_TYPE_TEXT,
  type AssetTypeRow,
  AssetTypeSaveBody,
  LLG_ASSET_TYPE_NAME,
} from '@portal/contracts';
import { errorText, fieldErrors } from '../common/adminFlow';
import { SchemaForm } from '../common/SchemaForm';
import { SidePanel } from '../common/list';
import { useAlert } from '../common/useAlert';
import { saveAssetType } from './api';
import { AttributesTab } from './AttributesTab';
import { identificationValues } from './identification';

const L = ASSET_TYPE_LABELS;
/** The fields the panel edits, validated by the same schema the server uses. */
const FormSchema = AssetTypeSaveBody.pick({
  name: true,
  acronymCode: true,
  displayName: true,
  externalId: true,
  category: true,
  description: true,
  certificateReference: true,
  attributeForm: true,
  identification: true,
});
const CATEGORY_CHOICES = ASSET_CATEGORIES.map((c) => ({ id: c, name: c }));
type TabKey = 'description' | 'attributes';

const valuesOf = (r: AssetTypeRow | null) => ({
  name: r?.name ?? '',
  acronymCode: r?.acronymCode ?? '',
  // A display name equal to the name is the default the server fills in: shown empty.
  displayName: r?.displayName && r.displayName !== r.name ? r.displayName : '',
  externalId: r?.externalId ?? '',
  category: r?.category ?? '',
  description: r?.description ?? '',
  certificateReference: r?.certificateReference ?? '',
  attributeForm: r?.attributeForm ?? '',
  identification: identificationValues(r?.identification),
});

/**
 * Add or edit one asset type (administration document 2, "Asset type administration"): the
 * Description tab (Type Name required: Save stays disabled while it is empty), the Attributes
 * tab (the attribute form, which attribute holds each identification fact a certificate prints,
 * and a preview of its fields) and a disabled Files tab.
 */
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
  const values = useMemo(() => valuesOf(record), [record]);
  const stored = useMemo(
    () => (record?.attributeForm ? { id: record.attributeForm, name: record.attributeFormName ?? `#${record.attributeForm}` } : null),
    [record],
  );
  // The namespace's LLG type keeps its name and category (the server refuses a change).
  const llgType = record?.name === LLG_ASSET_TYPE_NAME;
  const [tab, setTab] = useState<TabKey>('description');
  // Another record opens on its Description tab (state adjusted while rendering, as React advises).
  const [tabRecord, setTabRecord] = useState(record);
  if (tabRecord !== record) {
    setTabRecord(record);
    setTab('description');
  }

  const submit = async (input: Record<string, unknown>) => {
    try {
      await saveAssetType({ ...(record ? { id: record.id } : {}), ...(input as Omit<AssetTypeSaveBody, 'objectType'>) });
      alert.success(ASSET_TYPE_TEXT.saved);
      onSaved();
      return undefined;
    } catch (error) {
      alert.saveError(errorText(error, ASSET_TYPE_TEXT.saveError));
      const fields = fieldErrors(error);
      // The attribute form and the identification mapping are on the Attributes tab.
      const onAttributes = (key: string) => key === 'attributeForm' || key.startsWith('identification');
      if (fields && Object.keys(fields).length > 0 && Object.keys(fields).every(onAttributes)) setTab('attributes');
      else if (fields) setTab('description');
      return fields;
    }
  };

  return (
    <SidePanel open={open} title={record ? `${L.edit}: ${record.name}` : L.add} onClose={onClose} width={560}>
      <SchemaForm
        schema={FormSchema}
        record={values}
        onSubmit={submit}
        onCancel={onClose}
        finishing={finishing}
        key={record?.id ?? 'new'}
        saveTestId="asset-type-save"
      >
        <Tabs
          value={tab}
          onChange={(_, next: TabKey) => setTab(next)}
          sx={{ mb: 2, borderBottom: 1, borderColor: 'divider', minHeight: 40 }}
        >
          <Tab value="description" label={L.tabDescription} data-testid="asset-type-tab-description" sx={{ minHeight: 40 }} />
          <Tab value="attributes" label={L.tabAttributes} data-testid="asset-type-tab-attributes" sx={{ minHeight: 40 }} />
          <Tab value="files" label={L.tabFiles} disabled data-testid="asset-type-tab-files" sx={{ minHeight: 40 }} />
        </Tabs>
        {/* Both tabs stay mounted, so switching keeps what was typed and Save sends both. */}
        <Box sx={{ display: tab === 'description' ? 'grid' : 'none', gap: 0.5 }}>
          <TextInput
            source="name"
            label={L.typeName}
            autoFocus={!llgType}
            isRequired
            readOnly={llgType}
            helperText={llgType ? ASSET_TYPE_TEXT.llgKept : undefined}
          />
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 }}>
            <TextInput source="acronymCode" label={L.typeCode} />
            <SelectInput source="category" label={L.category} choices={CATEGORY_CHOICES} emptyText="" readOnly={llgType} />
            <TextInput source="externalId" label={L.externalId} />
            <TextInput source="certificateReference" label={L.certificateReference} />
          </Box>
          <TextInput source="displayName" label={L.displayName} helperText={ASSET_TYPE_TEXT.displayNameHelp} />
          <TextInput source="description" label={L.description} multiline minRows={3} />
        </Box>
        <Box sx={{ display: tab === 'attributes' ? 'block' : 'none' }}>
          <AttributesTab active={open && tab === 'attributes'} stored={stored} />
        </Box>
      </SchemaForm>
    </SidePanel>
  );
}
