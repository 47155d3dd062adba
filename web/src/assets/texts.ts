export { ASSET_PAGE } from '@portal/contracts';
