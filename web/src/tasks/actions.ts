import { can, type Role, TASK_ACTION_LABEL, TASK_ACTIONS, type TaskAction, type TaskButtons, transitionOf } from '@portal/contracts';

export interface ActionButton {
  action: TaskAction;
  label: string;
  /** The status the action sets (the PUT's {status}). */
  to: number;
  enabled: boolean;
}

/**
 * The detail view's action bar: a button for every action the role may do at all (so
 * SCHEDULER sees no Reopen or Approve and APPROVER no Cancel, DECISIONS 4), enabled when the
 * server's flags allow it for this task now (FIELD-ENGG's stay disabled; observation type 256
 * disables all).
 */
export function actionButtons(role: Role, buttons: TaskButtons): ActionButton[] {
  return TASK_ACTIONS.filter((action) => can(role, transitionOf(action).permission)).map((action) => ({
    action,
    label: TASK_ACTION_LABEL[action],
    to: transitionOf(action).to,
    enabled: buttons[action],
  }));
}

/** The success alert: the server's 'Task <status> successfully', and the mail note when a mail went. */
export const successText = (message: string, notification: boolean, checkEmail: string) =>
  notification ? `${message} ${checkEmail}` : message;

/** After a successful change the view reloads after 2 to 2.5 seconds (tasks document 4). */
export const RELOAD_AFTER_MS = 2000;
