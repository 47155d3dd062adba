import AccountTree from '@mui/icons-material/AccountTree';
import AdminPanelSettings from '@mui/icons-material/AdminPanelSettings';
import Apartment from '@mui/icons-material/Apartment';
import Assessment from '@mui/icons-material/Assessment';
import Assignment from '@mui/icons-material/Assignment';
import Business from '@mui/icons-material/Business';
import Category from '@mui/icons-material/Category';
import Description from '@mui/icons-material/Description';
import DynamicForm from '@mui/icons-material/DynamicForm';
import FactCheck from '@mui/icons-material/FactCheck';
import FormatListNumbered from '@mui/icons-material/FormatListNumbered';
import Home from '@mui/icons-material/Home';
import Inventory2 from '@mui/icons-material/Inventory2';
import LibraryBooks from '@mui/icons-material/LibraryBooks';
import Link from '@mui/icons-material/Link';
import MapIcon from '@mui/icons-material/Map';
import People from '@mui/icons-material/People';
import PhotoLibrary from '@mui/icons-material/PhotoLibrary';
import PrecisionManufacturing from '@mui/icons-material/PrecisionManufacturing';
import QrCode2 from '@mui/icons-material/QrCode2';
import School from '@mui/icons-material/School';
import Settings from '@mui/icons-material/Settings';
import Tune from '@mui/icons-material/Tune';
import ViewList from '@mui/icons-material/ViewList';
import Work from '@mui/icons-material/Work';
import WorkOutline from '@mui/icons-material/WorkOutlined';
import AccountCircle from '@mui/icons-material/AccountCircle';
import type { ReactElement } from 'react';
import type { RouteKey } from '@portal/contracts';
import type { AREA_ROUTES } from '@portal/contracts/areas';

type AreaRouteKey = keyof typeof AREA_ROUTES;

/**
 * The icons of the areas made with `npm run new:area`, each from its folder's `icon.tsx`
 * (`export const icon = { route, icon }`), found by file name at build time.
 */
const AREA_ICONS = Object.fromEntries(
  Object.values(import.meta.glob<{ route: RouteKey; icon: ReactElement }>('../*/icon.tsx', { eager: true, import: 'icon' })).map((area) => [
    area.route,
    area.icon,
  ]),
) as Record<AreaRouteKey, ReactElement>;

/** One icon per navigation item (an area's own icon.tsx wins for its route). */
const BASE_ICONS: Record<Exclude<RouteKey, AreaRouteKey>, ReactElement> & Partial<Record<AreaRouteKey, ReactElement>> = {
  home: <Home />,
  customerRegistration: <AdminPanelSettings />,
  loCompany: <Business />,
  loOffice: <Apartment />,
  sequenceNumber: <FormatListNumbered />,
  users: <People />,
  qrSticker: <QrCode2 />,
  clients: <Business />,
  assets: <PrecisionManufacturing />,
  llg: <Link />,
  assessment: <School />,
  clientInventory: <Inventory2 />,
  forms: <DynamicForm />,
  assetTypes: <Category />,
  taskTypes: <FactCheck />,
  configData: <Settings />,
  roles: <AdminPanelSettings />,
  division: <AccountTree />,
  category: <ViewList />,
  templates: <Description />,
  states: <MapIcon />,
  jobLites: <WorkOutline />,
  jobs: <Work />,
  tasks: <Assignment />,
  reports: <Assessment />,
  productTechInfo: <LibraryBooks />,
  trialFitPicLibrary: <PhotoLibrary />,
  reportLibrary: <Description />,
  sortableTree: <Tune />,
  profile: <AccountCircle />,
  taskDetails: <Assignment />,
};

export const ROUTE_ICONS: Record<RouteKey, ReactElement> = { ...BASE_ICONS, ...AREA_ICONS };
