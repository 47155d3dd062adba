/**
 * The spec's texts, word for word (typos included: the spec is the contract).
 * Used by the server, the web app and the tests, so a test can assert the exact wording.
 * Texts the spec leaves open are marked "(ours)".
 */
export * from './common/messages';
export * from './auth/messages';
export * from './users/messages';
export * from './locations/messages';
export * from './offices/messages';
export * from './divisions/messages';
export * from './roleAdmin/messages';
export * from './sequences/messages';
export * from './taskTypes/messages';
export * from './assetTypes/messages';
export * from './configurations/messages';
export * from './dataForms/messages';
export * from './dataForms/editorMessages';
export * from './jobs/messages';
export * from './assets/messages';
export * from './tasks/messages';
export * from './llg/messages';
export * from './compliance/messages';
export * from './documents/messages';
export * from './qrStickers/messages';
export * from './reminders/messages';
export * from './clientInventory/messages';
export * from './assessments/messages';
export * from './grids/messages';
export * from './reports/messages';
export * from './registration/messages';
export * from './library/messages';
