import { can, type Permission } from '../permissions';
import type { Role } from '../roles';

/**
 * The clients policy: what a role may do with a client company or a site row (Resources >
 * Clients, DECISIONS 4). The server answers these flags (`can` of each row) and its saves refuse
 * an inactive client or site (409) and the roles without the permission (403).
 */
export interface LocationFacts {
  status: number;
}

export const CLIENT_ROW_ACTIONS = ['edit', 'expand', 'logo', 'addLocation'] as const;
export type ClientRowAction = (typeof CLIENT_ROW_ACTIONS)[number];
export type ClientCan = Record<ClientRowAction, boolean>;

/** The registry permission behind each flag. */
export const CLIENT_ACTION_PERMISSION = {
  /** The Action column's Edit: an active client. */
  edit: 'clients.update',
  /** The expand icon to the client's Locations list. */
  expand: 'clients.locations',
  /** The logo upload ("four privileged roles"). */
  logo: 'clients.logo',
  /** Add Location under an active client. */
  addLocation: 'clients.update',
} as const satisfies Record<ClientRowAction, Permission>;

const active = (record: LocationFacts) => record.status === 1;

export function clientCan(role: Role | null | undefined, client: LocationFacts): ClientCan {
  return {
    edit: can(role, CLIENT_ACTION_PERMISSION.edit) && active(client),
    expand: can(role, CLIENT_ACTION_PERMISSION.expand),
    logo: can(role, CLIENT_ACTION_PERMISSION.logo),
    addLocation: can(role, CLIENT_ACTION_PERMISSION.addLocation) && active(client),
  };
}

/** A site row's flags: Edit of an active site. */
export function siteCan(role: Role | null | undefined, site: LocationFacts): { edit: boolean } {
  return { edit: can(role, 'clients.update') && active(site) };
}
