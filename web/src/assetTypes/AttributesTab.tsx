import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo } from 'react';
import { SelectInput } from 'react-admin';
import { PickerInput } from '../common/OptionPicker';
import { useFormContext, useWatch } from 'react-hook-form';
import { ASSET_TYPE_LABELS, ASSET_TYPE_TEXT, type FormDefinition, IDENTIFICATION_FACTS, IDENTIFICATION_LABEL } from '@portal/contracts';
import { useLoadErrorAlert } from '../common/useAlert';
import { AttributePreview } from './AttributePreview';
import { useAttributeFormDefinition, useAttributeForms } from './attributeForms';
import { attributeChoices, type IdentificationValues, staleFacts } from './identification';

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
      <PickerInput
        source="attributeForm"
        label={ASSET_TYPE_LABELS.attributeForm}
        choices={choices}
        loading={forms.isLoading}
        helperText={forms.data && forms.data.length === 0 ? ASSET_TYPE_TEXT.noAttributeForms : ASSET_TYPE_TEXT.attributeFormHelp}
        testId="attribute-form-select"
      />
      <IdentificationMapping formId={formId} definition={definition.data?.formJson} loading={definition.isLoading} />
      <Typography variant="overline" color="text.secondary" sx={{ lineHeight: 1.5, mt: 1 }}>
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

/**
 * Which attribute holds each identification fact a certificate prints (DECISIONS 9): five
 * dropdowns of the chosen form's printable value fields, saved as `identification`. A fact
 * whose attribute the newly chosen form lacks is cleared (the server refuses such a key).
 */
function IdentificationMapping({
  formId,
  definition,
  loading,
}: {
  formId: number | null;
  definition: FormDefinition | undefined;
  loading: boolean;
}) {
  const choices = useMemo(() => attributeChoices(definition), [definition]);
  const values = useWatch({ name: 'identification' }) as Partial<IdentificationValues> | undefined;
  const { setValue } = useFormContext();
  // The keys the chosen form has; null while its definition loads (nothing is cleared then).
  const keys = useMemo(
    () => (formId === null ? new Set<string>() : definition ? new Set(choices.map((c) => c.id)) : null),
    [formId, definition, choices],
  );
  useEffect(() => {
    for (const fact of staleFacts(values, keys)) setValue(`identification.${fact}`, null, { shouldDirty: true, shouldValidate: true });
  }, [values, keys, setValue]);

  return (
    <Box
      component="fieldset"
      data-testid="identification-mapping"
      sx={{ border: 1, borderColor: 'divider', borderRadius: 1, px: 2, pt: 1, pb: 0.5, m: 0, minWidth: 0 }}
    >
      <Typography component="legend" variant="overline" color="text.secondary" sx={{ px: 0.5, lineHeight: 1.5 }}>
        {ASSET_TYPE_TEXT.identificationTitle}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {formId === null ? ASSET_TYPE_TEXT.identificationNeedsForm : ASSET_TYPE_TEXT.identificationHelp}
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 }}>
        {IDENTIFICATION_FACTS.map((fact) => (
          <SelectInput
            key={fact}
            source={`identification.${fact}`}
            label={IDENTIFICATION_LABEL[fact]}
            choices={choices}
            emptyText={ASSET_TYPE_TEXT.notMapped}
            // Unmapped is null in the form (the schema refuses ''); the select shows it as ''.
            parse={(value: string) => value || null}
            format={(value: string | null) => value ?? ''}
            disabled={formId === null}
            isPending={formId !== null && loading}
            helperText={false}
            sx={{ mb: 1 }}
            data-testid={`identification-${fact}`}
          />
        ))}
      </Box>
    </Box>
  );
}
