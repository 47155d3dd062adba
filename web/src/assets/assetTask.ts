import { createContext, useContext } from 'react';

/**
 * The task the panel is opened from (task details' ASSET DETAILS), or null: every call of the
 * panel names it (`?observationId=`), so a task in a locked status keeps the asset read-only
 * and the server refuses edits through it (issue 21).
 */
export const TaskContext = createContext<number | null>(null);
export const useTaskQuery = () => {
  const observationId = useContext(TaskContext);
  return observationId === null ? {} : { observationId };
};
