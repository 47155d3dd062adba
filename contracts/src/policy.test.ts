import { describe, expect, it } from 'vitest';
import { ASSET_ACTION_PERMISSION, ASSET_ROW_ACTIONS, type AssetFacts, assetCan } from './assets/policy';
import { CLIENT_ACTION_PERMISSION, CLIENT_ROW_ACTIONS, clientCan, siteCan } from './clients/policy';
import { JOB_ACTION_PERMISSION, JOB_FACT_SPACE, JOB_ROW_ACTIONS, type JobFacts, jobCan } from './jobs/policy';
import { TASK_STATUS } from './jobs/schemas';
import { can, type Permission, rolesWith } from './permissions';
import { isClientRole, ROLES, type Role, USER_TYPE } from './roles';
import { USER_STATUS } from './statuses';
import { certificateStatusCode, READY_PREVIEW } from './tasks/certificateStatus';
import { REGENERATE_PERMISSION, type TaskPolicyFacts, taskButtons, taskCan } from './tasks/policy';
import { SPECIAL_OBSERVATION_TYPE, TASK_ACTIONS, transitionOf } from './tasks/transitions';
import { type LlgChildFacts, llgCanAdd, llgChildCan } from './llg/policy';
import { USER_STATUS_ACTIONS } from './statuses';
import { libraryCan } from './library/policy';
import { settingsRowCan } from './settings/policy';
import { INVENTORY_ACTION_PERMISSION, INVENTORY_ROW_ACTIONS, inventoryCanImport, inventoryRowCan } from './clientInventory/policy';
import { assignableRoles, userCan } from './users/policy';
import type { WebAccess } from './webAccess';

/**
 * Walks every policy against the permission registry (DECISIONS 4): for every role and
 * representative facts of a record, a flag is never true for a role without the registry
 * permission of that action, and every holder of that permission gets the flag on a record
 * whose facts allow it. A policy that grants what the registry does not (or forgets a holder)
 * fails here, so a hidden or disabled button and the API refusal behind it cannot disagree.
 */
function walk<F, A extends string>(
  records: readonly F[],
  actions: readonly A[],
  flagsOf: (role: Role, record: F) => Record<A, boolean>,
  permissionOf: Record<A, Permission>,
) {
  const granted: string[] = [];
  const forgotten: string[] = [];
  for (const action of actions) {
    const permission = permissionOf[action];
    for (const role of ROLES) {
      const holders = records.filter((record) => flagsOf(role, record)[action]);
      if (holders.length > 0 && !can(role, permission)) granted.push(`${action} for ${role} without ${permission}`);
      if (holders.length === 0 && can(role, permission)) forgotten.push(`${action} never for ${role} (holds ${permission})`);
    }
  }
  expect(granted).toEqual([]);
  expect(forgotten).toEqual([]);
}

describe('jobs policy', () => {
  const records: JobFacts[] = [...JOB_FACT_SPACE, ...JOB_FACT_SPACE.map((f) => ({ ...f, id: null }))];

  it('grants each flag exactly to the roles of its registry permission', () => {
    walk(records, JOB_ROW_ACTIONS, jobCan, JOB_ACTION_PERMISSION);
  });

  it('lets only jobs.cancel (SCHEDULER, LO-ADMIN) cancel and only jobs.close close, on a saved open job (issue 20)', () => {
    const open = { id: 4, status: 1, isDayJob: true, isDayJobClosed: false };
    expect(ROLES.filter((role) => jobCan(role, open).cancel).sort()).toEqual([...rolesWith('jobs.cancel')].sort());
    expect(ROLES.filter((role) => jobCan(role, open).close).sort()).toEqual([...rolesWith('jobs.close')].sort());
    expect(jobCan('FIELD-JUNIOR', open).cancel).toBe(false);
    for (const role of ROLES) {
      expect(jobCan(role, { ...open, id: null }).cancel).toBe(false);
      expect(jobCan(role, { ...open, status: 64 }).cancel).toBe(false);
      expect(jobCan(role, { ...open, status: 16 }).close).toBe(false);
      expect(jobCan(role, { ...open, isDayJob: false }).close).toBe(false);
      expect(jobCan(role, { ...open, isDayJobClosed: true }).close).toBe(false);
    }
  });

  it('lets FIELD-ENGG and FIELD-JUNIOR add tasks to day jobs only (DECISIONS 4)', () => {
    const job = { id: 4, status: 1, isDayJob: false, isDayJobClosed: false };
    for (const role of ['FIELD-ENGG', 'FIELD-JUNIOR'] as const) {
      expect(jobCan(role, job).addTasks).toBe(false);
      expect(jobCan(role, { ...job, isDayJob: true }).addTasks).toBe(true);
    }
    expect(jobCan('SCHEDULER', job).addTasks).toBe(true);
  });
});

describe('tasks policy', () => {
  const statuses = Object.values(TASK_STATUS);
  const records: TaskPolicyFacts[] = statuses.flatMap((status) =>
    [null, READY_PREVIEW, certificateStatusCode('final', 'failed')].flatMap((certificateStatus) =>
      [1, SPECIAL_OBSERVATION_TYPE].flatMap((observationType) =>
        [false, true].map((isLlg) => ({
          status,
          certificateStatus,
          observationType,
          isLlg,
          llgChildren: 1,
          llgChildrenFinal: true,
          hasLocation: true,
        })),
      ),
    ),
  );
  // LLG child records: they move with their parent, so no workflow flag is ever true for them.
  const children: TaskPolicyFacts[] = statuses.flatMap((status) =>
    statuses.map((parentStatus) => ({
      status,
      parentStatus,
      certificateStatus: null,
      observationType: 1024,
      llgChild: true,
      hasLocation: false,
    })),
  );
  const permissionOf = {
    ...Object.fromEntries(TASK_ACTIONS.map((action) => [action, transitionOf(action).permission])),
    open: 'tasks.open',
    inspect: 'tasks.inspect',
    editJobDetails: 'tasks.jobDetails',
    regenerate: REGENERATE_PERMISSION,
  } as Record<keyof ReturnType<typeof taskCan>, Permission>;

  it('grants each flag exactly to the roles of its registry permission', () => {
    walk(records, Object.keys(permissionOf) as (keyof typeof permissionOf)[], taskCan, permissionOf);
    walk([...records, ...children], Object.keys(permissionOf) as (keyof typeof permissionOf)[], taskCan, permissionOf);
  });

  it('gives an LLG child record no workflow action of its own: it is inspected while open and moves with its parent', () => {
    for (const role of ROLES)
      for (const child of children) {
        const flags = taskCan(role, child);
        for (const action of TASK_ACTIONS) expect(flags[action]).toBe(false);
        expect(flags.inspect).toBe(can(role, 'tasks.inspect') && [1, 2, 4, 32].includes(child.status));
      }
  });

  it("offers the detail view's buttons to the holders of tasks.detailActions only (FIELD-ENGG acts from INSPECT)", () => {
    for (const role of ROLES) {
      for (const record of records) {
        const flags = taskCan(role, record);
        const buttons = taskButtons(role, flags);
        for (const action of TASK_ACTIONS) expect(buttons[action]).toBe(flags[action] && can(role, 'tasks.detailActions'));
      }
    }
    expect(can('FIELD-ENGG', 'tasks.detailActions')).toBe(false);
  });
});

describe('LLG policy', () => {
  const statuses = Object.values(TASK_STATUS);
  const children: LlgChildFacts[] = statuses.flatMap((status) =>
    statuses.flatMap((parentStatus) =>
      [1024, SPECIAL_OBSERVATION_TYPE].map((observationType) => ({ status, parentStatus, observationType })),
    ),
  );

  it('grants each flag exactly to the roles of its registry permission', () => {
    walk(children, ['delete', 'remove', 'reopen'] as const, llgChildCan, {
      delete: 'llg.addChild',
      remove: 'llg.removeChild',
      reopen: 'llg.removeChild',
    });
    walk(
      statuses.map((status) => ({ status, observationType: 1024 })),
      ['add'] as const,
      (role, parent) => ({ add: llgCanAdd(role, parent) }),
      { add: 'llg.addChild' },
    );
  });

  it('adds and deletes only while the LLG task is open (1, 2, 4, 32, 64) and the record not submitted (tasks document 2.3)', () => {
    expect(statuses.filter((status) => llgCanAdd('FIELD-ENGG', { status, observationType: 1024 }))).toEqual([1, 2, 4, 32, 64]);
    const deletable = (parentStatus: number) =>
      statuses.filter((status) => llgChildCan('FIELD-ENGG', { status, parentStatus, observationType: 1024 }).delete);
    expect(deletable(2)).toEqual([1, 2, 4, 32]);
    expect(deletable(8)).toEqual([]);
    expect(deletable(16)).toEqual([]);
  });

  it('removes a record that is not approved and reopens a submitted or removed one while the parent is not approved (tasks document 4)', () => {
    const flags = (status: number, parentStatus: number) => llgChildCan('APPROVER-ONLY', { status, parentStatus, observationType: 1024 });
    expect(statuses.filter((status) => flags(status, 8).remove)).toEqual([1, 2, 4, 8, 32]);
    expect(statuses.filter((status) => flags(status, 8).reopen)).toEqual([8, 64]);
    expect(statuses.filter((status) => flags(status, 16).reopen)).toEqual([]);
    expect(statuses.filter((status) => flags(status, 32).reopen)).toEqual([8, 64]);
  });
});

describe('assets policy', () => {
  const saved: AssetFacts[] = [
    { id: 7, status: 1, lockedBy: null },
    { id: 7, status: 2, lockedBy: null },
    { id: 7, status: 1, lockedBy: 'Submitted' },
  ];
  const noRules = (role: Role) => ({ subject: { role, offices: [], divisions: [] }, webAccess: {} });
  // The facts of a shift include who sees the Description tab (where SHIFT ASSET sits): here everyone.
  const allRules = (role: Role) => ({
    subject: { role, offices: [], divisions: [] },
    webAccess: { 'ASSET-DESCRIPTION': { viewRules: [{ roles: [...ROLES], isEnabled: true }] } },
  });

  it('grants each flag only with its registry permission, and the Description and Attributes tabs "always for SCHEDULER"', () => {
    const changes = ASSET_ROW_ACTIONS.filter((a) => a === 'save' || a === 'shift');
    walk(saved, changes, (role, asset) => assetCan(allRules(role), asset), ASSET_ACTION_PERMISSION);
    walk(saved, ['description', 'attributes'] as const, (role, asset) => assetCan(noRules(role), asset), {
      description: 'assets.seeDescription',
      attributes: 'assets.seeAttributes',
    });
  });

  it('opens the tabs to other roles by an enabled web-access rule, never beyond assets.read', () => {
    const webAccess: WebAccess = {
      'ASSET-DESCRIPTION': { viewRules: [{ roles: [...ROLES], isEnabled: true }] },
      'ASSET-ATTRIBUTES': { viewRules: [{ roles: ['APPROVER'], isEnabled: false }] },
    };
    for (const role of ROLES) {
      const flags = assetCan({ subject: { role, offices: [], divisions: [] }, webAccess }, saved[0]);
      expect(flags.description, role).toBe(can(role, 'assets.read'));
      expect(flags.attributes, role).toBe(can(role, 'assets.seeAttributes'));
    }
  });

  it('shows Description on a new asset to whoever may create one, and saves it with assets.create', () => {
    for (const role of ROLES) {
      const flags = assetCan(noRules(role), { id: null, status: 1, lockedBy: null });
      expect(flags.save, role).toBe(can(role, 'assets.create') && can(role, 'assets.update'));
      expect(flags.shift).toBe(false);
    }
  });
});

describe('clients policy', () => {
  it('grants each flag exactly to the roles of its registry permission', () => {
    walk([{ status: 1 }, { status: 2 }], CLIENT_ROW_ACTIONS, clientCan, CLIENT_ACTION_PERMISSION);
    walk([{ status: 1 }, { status: 2 }], ['edit'] as const, siteCan, { edit: 'clients.update' });
  });
});

describe('users policy', () => {
  const records = ROLES.flatMap((role, index) =>
    Object.values(USER_STATUS).map((status) => ({
      id: 100 + index,
      role,
      type: isClientRole(role) ? USER_TYPE.CLIENT : USER_TYPE.LO,
      status,
    })),
  );
  const flagsOf = (role: Role, user: (typeof records)[number]) => userCan({ id: 1, role }, user);
  const permissionOf = Object.fromEntries(['edit', ...USER_STATUS_ACTIONS].map((a) => [a, 'users.write'])) as Record<
    'edit' | (typeof USER_STATUS_ACTIONS)[number],
    Permission
  >;

  it('grants edit and the status actions only with users.write, to every holder that may give a role', () => {
    const givers = ROLES.filter((role) => assignableRoles(role, USER_TYPE.LO).length + assignableRoles(role, USER_TYPE.CLIENT).length > 0);
    expect(givers).toEqual([...rolesWith('users.write')]);
    walk(records, ['edit', ...USER_STATUS_ACTIONS] as const, flagsOf, permissionOf);
  });

  it('never lets a caller change their own status or manage a role they could not give', () => {
    for (const role of ROLES) {
      for (const user of records) {
        const mine = userCan({ id: user.id, role }, user);
        for (const action of USER_STATUS_ACTIONS) expect(mine[action]).toBe(false);
        if (!assignableRoles(role, user.type).includes(user.role)) expect(flagsOf(role, user).edit).toBe(false);
      }
    }
  });
});

describe('settings and catalogue policy', () => {
  const writes = [
    'offices.write',
    'divisions.write',
    'roles.write',
    'taskTypes.write',
    'assetTypes.write',
    'dataForms.write',
    'configurations.write',
  ] as const;

  it("grants a row's Edit and Delete exactly to the roles of the type's write permission, never on an archived or kept record", () => {
    for (const permission of writes) {
      const records = [{ status: 1 }, { status: 2 }, { status: 1, kept: true }];
      walk(records, ['edit', 'delete'] as const, (role, record) => settingsRowCan(role, permission, record), {
        edit: permission,
        delete: permission,
      });
      for (const role of ROLES) {
        expect(settingsRowCan(role, permission, { status: 2 })).toEqual({ edit: false, delete: false });
        expect(settingsRowCan(role, permission, { status: 1, kept: true }).delete).toBe(false);
      }
    }
  });
});

describe('client inventory policy', () => {
  it('grants Edit, Delete and the import exactly to the roles of inventory.write', () => {
    walk([{}], INVENTORY_ROW_ACTIONS, (role) => inventoryRowCan(role), INVENTORY_ACTION_PERMISSION);
    for (const role of ROLES) expect(inventoryCanImport(role)).toBe(can(role, 'inventory.write'));
  });
});

describe('libraryCan', () => {
  it("grants a library's Edit, Delete and Add New File(s) exactly to the roles of library.write", () => {
    walk([{}], ['edit', 'delete', 'upload'] as const, (role) => libraryCan(role), {
      edit: 'library.write',
      delete: 'library.write',
      upload: 'library.write',
    });
  });
});
