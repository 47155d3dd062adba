import {
  type AssetIdentification,
  type FormDefinition,
  IDENTIFICATION_FACTS,
  type IdentificationFact,
  isValueField,
  type ValueField,
} from '@portal/contracts';

/** The form's value of the mapping: every fact, null where it is not mapped (the schema refuses ''). */
export type IdentificationValues = Record<IdentificationFact, string | null>;

/** Field kinds whose value a certificate cannot print as text: never offered for a fact. */
const NOT_PRINTABLE = new Set<ValueField['kind']>(['photo', 'file', 'signature']);

export interface AttributeChoice {
  id: string;
  name: string;
}

/**
 * The attributes a fact may come from (DECISIONS 9): the value fields of the attribute form that
 * print as text, by label in form order; a label that occurs twice names its key too.
 */
export function attributeChoices(definition: FormDefinition | undefined): AttributeChoice[] {
  const fields = (definition?.fields ?? []).filter(isValueField).filter((f) => !NOT_PRINTABLE.has(f.kind));
  const count = new Map<string, number>();
  for (const f of fields) count.set(f.label, (count.get(f.label) ?? 0) + 1);
  return fields.map((f) => ({ id: f.key, name: (count.get(f.label) ?? 0) > 1 ? `${f.label} (${f.key})` : f.label }));
}

/** The stored mapping as the form's values. */
export const identificationValues = (stored: AssetIdentification | Record<string, string> | undefined): IdentificationValues =>
  Object.fromEntries(
    IDENTIFICATION_FACTS.map((fact) => [fact, (stored as Record<string, string> | undefined)?.[fact] || null]),
  ) as IdentificationValues;

/**
 * The facts whose attribute the chosen form no longer has (another form was picked, or none):
 * they are cleared, since the server refuses a mapping to a key its form lacks. `keys` is null
 * while the form's definition is loading: nothing is cleared then.
 */
export function staleFacts(values: Partial<IdentificationValues> | undefined, keys: ReadonlySet<string> | null): IdentificationFact[] {
  if (keys === null) return [];
  return IDENTIFICATION_FACTS.filter((fact) => {
    const key = values?.[fact];
    return typeof key === 'string' && key !== '' && !keys.has(key);
  });
}
