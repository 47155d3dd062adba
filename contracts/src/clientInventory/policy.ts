import { can } from '../permissions';
import type { Role } from '../roles';

/**
 * The client inventory policy (administration document 2, 6; DECISIONS 4): who may edit and
 * delete a row of an inventory they can see. Which inventories a caller sees (client roles
 * their company, SITE-USER and REQUESTER their sites) is the server's scope; within it, writing
 * is `inventory.write` (the LO roles and CLIENT-ADMIN). The server answers these flags on every
 * row and refuses with the same rule; the web reads them (and `inventoryCanImport` for the
 * upload and template buttons).
 */
export const INVENTORY_ROW_ACTIONS = ['edit', 'delete'] as const;
export type InventoryRowAction = (typeof INVENTORY_ROW_ACTIONS)[number];
export const INVENTORY_ACTION_PERMISSION = { edit: 'inventory.write', delete: 'inventory.write' } as const;

export function inventoryRowCan(role: Role | null | undefined): Record<InventoryRowAction, boolean> {
  const write = can(role, 'inventory.write');
  return { edit: write, delete: write };
}

/** Custom Upload (and its template): the same right as editing a row. */
export function inventoryCanImport(role: Role | null | undefined): boolean {
  return can(role, 'inventory.write');
}
