import { FormDefinition } from '@portal/contracts/dataForms/definition';
import { FIELD_PROPERTY_LABELS, fieldProblemText } from '@portal/contracts/dataForms/editorMessages';

export interface DefinitionProblems {
  /** Every problem as '<field>, <property>: <reason>' in the panel's words, in field order. */
  list: string[];
  /** The first problem of each field, by field id (marks the canvas). */
  byField: Map<string, string>;
  /** Each field's problems by property (under the properties panel's inputs). */
  byProperty: Map<string, Map<string, string>>;
}

/** The definition checked by the same schema the server applies, mapped to fields and properties. */
export function definitionProblems(definition: FormDefinition): DefinitionProblems {
  const result: DefinitionProblems = { list: [], byField: new Map(), byProperty: new Map() };
  const parsed = FormDefinition.safeParse(definition);
  if (parsed.success) return result;
  for (const issue of parsed.error.issues) {
    const [top, index, property] = issue.path;
    const field = top === 'fields' && typeof index === 'number' ? definition.fields[index] : undefined;
    if (!field) {
      result.list.push(issue.message);
      continue;
    }
    const name = typeof property === 'string' ? property : 'label';
    result.list.push(fieldProblemText(field.label || `Field ${Number(index) + 1}`, name, issue.message));
    const shown = FIELD_PROPERTY_LABELS[name] ?? 'Field';
    if (!result.byField.has(field.id))
      result.byField.set(field.id, issue.message.startsWith(shown) ? issue.message : `${shown}: ${issue.message}`);
    let properties = result.byProperty.get(field.id);
    if (!properties) {
      properties = new Map();
      result.byProperty.set(field.id, properties);
    }
    if (!properties.has(name)) properties.set(name, issue.message);
  }
  return result;
}
