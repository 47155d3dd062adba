// The client inventory's interface (administration document 2, 7; issue 24): its routes, for features/index.ts.
export { clientInventoryRoutes } from './clientInventory.routes';
export { insertInventoryRows } from './clientInventory.queries';
