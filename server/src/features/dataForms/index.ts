// The dataForms feature's interface: what other features, features/index.ts and demo/ use.
export { dataFormsRoutes } from './dataForms.routes';
export { dataFormSetting } from './dataForms.service';
export { checkFilledForm, checkFilledSamples } from './filledForms';
export { claimFormFiles, FORM_FILE_OWNER } from './formFiles';

import { purgeUnclaimedFormFiles } from './formFiles';

/** What the maintenance plugin runs for this feature: form uploads no saved form claimed. */
export const cleanups = [purgeUnclaimedFormFiles];
