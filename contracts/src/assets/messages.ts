/** The spec's texts of assets and the job wizard's resources (see ../messages.ts). */
export const ASSETS = {
  // Shell document 5 and tasks document 2.6.
  nameMandatory: 'Asset Name is Mandatory',
  invalidCharacters: 'Invalid character(s) in Asset Name',
  newAssetAdded: 'New Asset added successfully',
  assetSaved: 'Asset Save Succesfully',
  newSiteSaved: 'New Site Saved Successfully',
  newUserSaved: 'New User Saved Successfully',
  loadAssetsError: 'Error while loading Assets',
  loadAssetOptionsError: 'Error while loading Asset Options',
  loadAssetTypeError: 'Error while loading Asset Type',
  loadSitesError: 'Error while loading sites',
  loadClientsAndUsersError: 'Error while loading Clients and Users',
  loadUsersError: 'Error while loading Users',
  // (ours)
  duplicateName: (name: string) => `An asset named "${name}" already exists for this client`,
  assetTypeRequired: 'Asset Type is required',
  assetTypeUnknown: 'Asset Type is not an active asset type of this namespace',
  assetTypeIsLlg: 'Loose lifting gear (LLG) asset types are not used for assets; add the LLG special task instead',
  siteRequired: 'Site is required',
  siteNotOfClient: 'Site is not an active top-level site of this client',
  clientUnknown: 'Client is not an active client of this namespace',
  assetNotActive: 'This asset is inactive and can no longer be changed',
  assetMovesClient: 'An asset can not move to another client here',
  duplicateTopLevelSite: 'A site with this name already exists for this client',
  siteStreetRequired: 'Street is required',
  officeUnknown: 'Office is not an active office of this namespace',
} as const;
