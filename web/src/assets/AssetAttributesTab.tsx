import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ASSETS, type FormJsonAnswer, type FormValues, isValueField, validateFormValues } from '@portal/contracts';
import { get, HttpError, post } from '../api/http';
import { useAlert } from '../common/useAlert';
import { FormRenderer } from '../forms/FormRenderer';
import type { AssetDetail } from './api';
import { ASSET_PAGE } from './texts';

import { useTaskQuery } from './assetTask';

export function AttributesTab({ asset }: { asset: AssetDetail }) {
  const taskQuery = useTaskQuery();
  const alert = useAlert();
  const queryClient = useQueryClient();
  const formId = asset.attributeFormId;
  const form = useQuery({
    queryKey: ['formJson', formId],
    queryFn: () => get<FormJsonAnswer>('/Setting/FormJSON', { query: { formId } }),
    enabled: formId !== null,
  });
  const [values, setValues] = useState<FormValues | null>(null);
  const [showErrors, setShowErrors] = useState(false);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (!form.data) return;
    // Only the keys of the current definition: values kept from an older revision stay out.
    const keys = new Set(form.data.formJson.fields.filter(isValueField).map((f) => f.key));
    setValues(Object.fromEntries(Object.entries(asset.userData.values).filter(([key]) => keys.has(key))) as FormValues);
  }, [form.data, asset.userData.values]);
  if (formId === null)
    return (
      <Typography color="text.secondary" data-testid="no-attributes">
        {ASSETS.noAttributes}
      </Typography>
    );
  if (form.error) return <Alert severity="error">{ASSETS.loadAttributesError}</Alert>;
  if (!form.data || !values) return <CircularProgress />;
  const definition = form.data.formJson;
  const save = async () => {
    setShowErrors(true);
    if (validateFormValues(definition, values).length > 0) return;
    setSaving(true);
    try {
      const answer = await post<{ message: string }>(
        `/Location/Asset/${asset.id}`,
        { formId, formRevision: form.data.revision, values },
        { query: taskQuery },
      );
      alert.success(answer.message);
      await queryClient.invalidateQueries({ queryKey: ['asset', asset.id] });
    } catch (error) {
      alert.saveError(error instanceof HttpError ? error.message : ASSETS.loadAttributesError);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Box sx={{ pt: 1, display: 'flex', flexDirection: 'column', gap: 2 }} data-testid="asset-attributes">
      {definition.fields.length === 0 ? (
        <Typography color="text.secondary" data-testid="no-attributes">
          {ASSETS.noAttributes}
        </Typography>
      ) : (
        <FormRenderer definition={definition} values={values} onChange={setValues} readOnly={!asset.can.save} showErrors={showErrors} />
      )}
      <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
        <Button
          variant="contained"
          onClick={save}
          disabled={saving || !asset.can.save || definition.fields.length === 0}
          data-testid="attributes-save"
        >
          {saving ? <CircularProgress size={18} /> : ASSET_PAGE.save}
        </Button>
      </Box>
    </Box>
  );
}
