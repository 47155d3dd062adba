import { assetLocation } from '../assets/assets.service';
import { clientLocation, siteLocation } from '../clients/clients.service';
import { officeLocation } from '../offices/offices.service';
import { loCompanyLocation } from '../users/loCompany';
import type { LocationType } from './locationType';

/**
 * Every location object type the generic `/api/Location` calls serve, listed explicitly (no
 * registration by import side effects).
 */
export const LOCATION_TYPES: readonly LocationType[] = [officeLocation, clientLocation, siteLocation, loCompanyLocation, assetLocation];
