import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { SelectInput } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { ASSET_TYPE_LABELS, ASSET_TYPE_TEXT } from '@portal/contracts';
import { useLoadErrorAlert } from '../common/useAlert';
import { AttributePreview } from './AttributePreview';
import { useAttributeFormDefinition, useAttributeForms } from './attributeForms';

/** A form value as a data form id, or null ('' is "none"). */
const formIdOf = (value: unknown): number | null => {
  const id = typeof value === 'string' && value !== '' ? Number(value) : value;
  return typeof id === 'number' && Number.isInteger(id) && id > 0 ? id : null;
};

/**
 * The Attributes tab: picks the attribute form (an active data form whose form object is
 * ASSET TYPE) and previews its fields as a user filling in an asset would see them, read-only.
 */
export function AttributesTab({ active, stored }: { active: boolean; stored: { id: number; name: string } | null }) {
  const forms = useAttributeForms(active);
  const formId = formIdOf(useWatch({ name: 'attributeForm' }));
  const definition = useAttributeFormDefinition(active ? formId : null);
  useLoadErrorAlert(forms.error ?? definition.error, ASSET_TYPE_TEXT.attributesLoadError);

  const choices = useMemo(() => {
    const list = (forms.data ?? []).map((f) => ({ id: f.id, name: f.name }));
    // The stored form, when it is no longer listed (archived since), still shows by its name.
    if (stored && !list.some((c) => c.id === stored.id)) list.unshift({ id: stored.id, name: stored.name });
    return list;
  }, [forms.data, stored]);

  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      <SelectInput
        source="attributeForm"
        label={ASSET_TYPE_LABELS.attributeForm}
        choices={choices}
        emptyText="None"
        isPending={forms.isLoading}
        helperText={forms.data && forms.data.length === 0 ? ASSET_TYPE_TEXT.noAttributeForms : ASSET_TYPE_TEXT.attributeFormHelp}
        data-testid="attribute-form-select"
      />
      <Typography variant="overline" color="text.secondary" sx={{ lineHeight: 1.5 }}>
        {ASSET_TYPE_TEXT.previewTitle}
      </Typography>
      <Box
        data-testid="attribute-preview"
        sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2, bgcolor: 'background.default', minHeight: 96 }}
      >
        {formId === null ? (
          <Typography variant="body2" color="text.secondary">
            {ASSET_TYPE_TEXT.noAttributeForm}
          </Typography>
        ) : definition.isLoading ? (
          <CircularProgress size={24} />
        ) : definition.data ? (
          <AttributePreview definition={definition.data.formJson} />
        ) : null}
      </Box>
    </Box>
  );
}
