const rows = (n: number) => (Number(n) === 1 ? 'row' : 'rows');

/** The spec's texts of the client inventory (administration document 2, 5, 8), word for word; ours are marked "(ours)". */
export const INVENTORY_TEXT = {
  client: 'Client',
  site: 'Site',
  downloadTemplate: 'Download Template',
  customUpload: 'Custom Upload',
  exportExcel: 'Export to Excel',
  deleteConfirm: 'Are you sure want to delete ?',
  loadError: 'Error while loading client inventory',
  saveError: 'Error while saving client inventory',
  deleteError: 'Error while deleting client inventory',
  loadClientsError: 'Error while loading Clients',
  loadSitesError: 'Error while loading site locations',
  excelExportError: 'Excel Export Error',
  saved: 'Data Saved Successfully',
  deleted: 'Data Deleted Successfully',
  // Ours
  pickClientSite: 'Choose a client and a site to see their inventory', // (ours)
  pickSite: 'Choose a site of the client', // (ours)
  noRows: 'No inventory at this site yet', // (ours)
  noMatch: 'No row matches the search', // (ours)
  save: 'Save', // (ours)
  cancel: 'Cancel', // (ours)
  edit: 'Edit', // (ours)
  delete: 'Delete', // (ours)
  deleteNote: "The row leaves the site's inventory.", // (ours)
  searchBy: (label: string) => `Search ${label}`, // (ours)
  uploading: 'Uploading…', // (ours)
  imported: (count: number) => `${count.toLocaleString('en-US')} ${rows(count)} imported`, // (ours)
  importRefused: (count: number) =>
    `${count.toLocaleString('en-US')} ${count === 1 ? 'row is' : 'rows are'} invalid: nothing was saved. Correct the file and upload it again.`, // (ours)
  importProblemsTitle: 'The file was not imported', // (ours)
  line: (line: string) => `Line ${line}`, // (ours)
  close: 'Close', // (ours)
  rowsShown: (shown: number, total: number) => `${shown.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} ${rows(total)}`, // (ours)
  // Import refusals (ours; DECISIONS 10: every invalid row with its line and reason)
  notCsv: 'The file is not a CSV text file', // (ours)
  notUtf8: 'The file is not UTF-8 text: save it as "CSV UTF-8" and upload it again', // (ours)
  emptyFile: 'The file has no rows', // (ours)
  tooManyRows: (max: number) => `The file has more than ${max.toLocaleString('en-US')} ${rows(max)}: split it and upload the parts`, // (ours)
  missingColumn: (name: string) => `Column ${name} is missing`, // (ours)
  unknownColumn: (name: string) => `Column ${name} is not one of the template's`, // (ours)
  duplicateColumn: (name: string) => `Column ${name} is there twice`, // (ours)
  fieldCount: (got: number, expected: number) => `has ${got} ${Number(got) === 1 ? 'value' : 'values'} where the header has ${expected}`, // (ours)
  required: (name: string) => `${name} is required`, // (ours)
  tooLong: (name: string, max: number) => `${name} is longer than ${max} ${Number(max) === 1 ? 'character' : 'characters'}`, // (ours)
  notWhole: (name: string) => `${name} must be a whole number of 0 or more`, // (ours)
  notDecimal: (name: string) => `${name} must be a number of 0 or more with at most 3 decimals`, // (ours)
  tooBig: (name: string) => `${name} is too large`, // (ours)
  unterminatedQuote: 'a quoted value is not closed', // (ours)
  mixedSites: 'Every row must be of the same client and site', // (ours)
  rowNotFound: 'The inventory row does not exist', // (ours)
  clientNotFound: 'The client does not exist', // (ours)
  siteNotFound: "The site does not exist or is not the client's", // (ours)
} as const;
