import Typography from '@mui/material/Typography';
import type { FormDefinition } from '@portal/contracts';

/** The attribute form's fields, read-only (the form renderer takes over once data forms are merged). */
export function AttributePreview({ definition }: { definition: FormDefinition }) {
  return (
    <ul style={{ margin: 0, paddingLeft: 18 }}>
      {definition.fields.map((field) => (
        <li key={field.id}>
          <Typography variant="body2">{field.label}</Typography>
        </li>
      ))}
    </ul>
  );
}
