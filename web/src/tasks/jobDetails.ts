import { type ChangeJobDetailsBody, TASK_TEXT, type TaskDetail } from '@portal/contracts';

/** The JOB DETAILS fields (tasks document 2.2) as the tab edits them. */
export interface JobDetailsForm {
  siteName: string;
  street: string;
  city: string;
  state: string;
  country: string;
  pin: string;
  vendorDetails: string;
  subVendorDetails: string;
  /** YYYY-MM-DD in the browser's time zone. */
  date: string;
  /** HH:mm, 24-hour clock. */
  time: string;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The form of a task: its actual inspection date split into the browser's local date and time. */
export function jobDetailsOf(task: TaskDetail): JobDetailsForm {
  const at = task.actualInspectionDate ? new Date(task.actualInspectionDate) : null;
  const valid = at !== null && !Number.isNaN(at.getTime());
  return {
    siteName: task.site ?? '',
    street: task.siteStreet ?? '',
    city: task.siteCity ?? '',
    state: task.siteState ?? '',
    country: task.siteCountry ?? '',
    pin: task.sitePin ?? '',
    vendorDetails: task.vendorDetails ?? '',
    subVendorDetails: task.subVendorDetails ?? '',
    date: valid ? `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}` : '',
    time: valid ? `${pad(at.getHours())}:${pad(at.getMinutes())}` : '',
  };
}

/** A time of the 24-hour clock, H:mm or HH:mm. */
export const isTime24 = (text: string) => /^([01]?\d|2[0-3]):[0-5]\d$/.test(text.trim());

export type JobDetailsProblems = Partial<Record<keyof JobDetailsForm, string>>;

/** The spec's messages of section 5 (Pincode numeric: ours). */
export function jobDetailsProblems(form: JobDetailsForm): JobDetailsProblems {
  const problems: JobDetailsProblems = {};
  if (!form.siteName.trim()) problems.siteName = TASK_TEXT.siteNameRequired;
  if (!form.street.trim()) problems.street = TASK_TEXT.streetRequired;
  if (!form.pin.trim()) problems.pin = TASK_TEXT.pincodeRequired;
  else if (!/^\d+$/.test(form.pin.trim())) problems.pin = TASK_TEXT.pincodeNumeric;
  if (!form.date) problems.date = TASK_TEXT.inspectionDateRequired;
  if (!form.time.trim()) problems.time = TASK_TEXT.inspectionTimeRequired;
  else if (!isTime24(form.time)) problems.time = 'Use the 24-hour clock, e.g. 14:30'; // (ours)
  return problems;
}

/**
 * Save is enabled only when the task is submitted (8), the server allows it, and the actual
 * inspection date, the site pin and the site are set (tasks document 5); and no field shows a problem.
 */
export function jobDetailsSaveEnabled(task: Pick<TaskDetail, 'status' | 'can'>, form: JobDetailsForm): boolean {
  if (task.status !== 8 || !task.can.editJobDetails) return false;
  if (!form.date || !form.pin.trim() || !form.siteName.trim()) return false;
  return Object.keys(jobDetailsProblems(form)).length === 0;
}

/** The local date and time as an ISO instant. */
export function localDateTime(date: string, time: string): string {
  const [y, m, d] = date.split('-').map(Number);
  const [hh, mm] = time.trim().split(':').map(Number);
  return new Date(y, m - 1, d, hh, mm).toISOString();
}

/** POST /api/Observation/changejobdetails's payload (tasks document 3). */
export function jobDetailsBody(task: TaskDetail, form: JobDetailsForm): ChangeJobDetailsBody {
  return {
    observationDetails: { id: task.id, actualInspectionDate: localDateTime(form.date, form.time), isLLG: task.isLlg },
    scheduleDetails: {
      scheduleId: task.scheduleId,
      vendorDetails: form.vendorDetails.trim() || null,
      subVendorDetails: form.subVendorDetails.trim() || null,
    },
    siteDetails: {
      id: task.siteId,
      name: form.siteName.trim(),
      street: form.street.trim(),
      city: form.city.trim() || null,
      state: form.state.trim() || null,
      country: form.country.trim() || null,
      pin: form.pin.trim(),
      timeZone: task.siteTimeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone,
      locationLevel: 0,
      type: 1,
      status: 1,
      objectType: 'SITE',
      companyId: task.companyId,
    },
  };
}
