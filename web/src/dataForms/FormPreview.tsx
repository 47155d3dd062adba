import Typography from '@mui/material/Typography';
import type { FormDefinition } from '@portal/contracts/dataForms/definition';

/** The live preview: the definition as it will be filled in. */
export function FormPreview({ definition }: { definition: FormDefinition }) {
  return (
    <div data-testid="form-preview">
      {definition.fields.map((f) => (
        <Typography key={f.id}>{f.label}</Typography>
      ))}
    </div>
  );
}
