import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import type { FormDefinition } from '@portal/contracts/dataForms/definition';
import { DATA_FORM_EDITOR } from '@portal/contracts/dataForms/editorMessages';
import { useState } from 'react';
import { FormRenderer } from '../forms/FormRenderer';
import { useFormFilling } from '../forms/useFormFilling';

/**
 * The live preview: the definition in the builder rendered by the one form renderer, to be
 * filled in as an inspector will (nothing is kept; uploads go to the store like any other and
 * the clean-up removes them, as no record refers to them). Check shows every problem at once.
 */
export function FormPreview({ definition }: { definition: FormDefinition }) {
  const filling = useFormFilling(definition);
  const [checked, setChecked] = useState(false);
  return (
    <Box data-testid="form-preview" sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <FormRenderer definition={definition} values={filling.values} onChange={filling.setValues} showErrors={checked} />
      {definition.fields.length > 0 && (
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', borderTop: 1, borderColor: 'divider', pt: 2 }}>
          <Button variant="outlined" size="small" onClick={() => setChecked(true)} data-testid="preview-check">
            {DATA_FORM_EDITOR.previewCheck}
          </Button>
          <Button
            size="small"
            onClick={() => {
              filling.setValues({});
              setChecked(false);
            }}
            data-testid="preview-clear"
          >
            {DATA_FORM_EDITOR.previewClear}
          </Button>
          {checked && (
            <Chip
              size="small"
              color={filling.isValid ? 'success' : 'error'}
              label={filling.isValid ? DATA_FORM_EDITOR.previewValid : DATA_FORM_EDITOR.previewProblems(filling.problems.length)}
              data-testid="preview-result"
            />
          )}
        </Box>
      )}
    </Box>
  );
}
