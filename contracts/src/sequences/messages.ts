/** The spec's texts of this area, word for word (see ../messages.ts). */
export const SEQUENCES = {
  found: (n: number) => `${n} Sequence(s) found`,
  title: (name: string) => `Sequence: ${name}`,
  saved: 'Sequence Saved successfully',
  // (ours) the spec names no load error for this screen
  loadError: 'Error while loading Sequences',
  // (ours)
  belowCurrent: (n: number) => `Current Number can not be lower than ${n}`,
  movedOn: (n: number) => `The Current Number moved on to ${n} meanwhile. Reload and try again`,
} as const;
