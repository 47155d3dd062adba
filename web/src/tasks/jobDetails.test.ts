import { describe, expect, it } from 'vitest';
import { TASK_TEXT, type TaskDetail } from '@portal/contracts';
import { isTime24, jobDetailsBody, jobDetailsOf, jobDetailsProblems, jobDetailsSaveEnabled, localDateTime } from './jobDetails';

const task = (patch: Partial<TaskDetail> = {}) =>
  ({
    id: 41,
    status: 8,
    isLlg: false,
    scheduleId: 7,
    siteId: 300,
    companyId: 200,
    site: 'North Yard',
    siteStreet: '1 Quay Road',
    siteCity: 'Muscat',
    siteState: null,
    siteCountry: 'Oman',
    sitePin: '112',
    siteTimeZone: 'Asia/Muscat',
    vendorDetails: 'Crane Hire LLC',
    subVendorDetails: null,
    actualInspectionDate: new Date(2026, 2, 5, 14, 7).toISOString(),
    can: { editJobDetails: true },
    ...patch,
  }) as unknown as TaskDetail;

describe('JOB DETAILS', () => {
  it('splits the actual inspection date into the local date and a 24-hour time', () => {
    const form = jobDetailsOf(task());
    expect(form).toMatchObject({ siteName: 'North Yard', pin: '112', date: '2026-03-05', time: '14:07', state: '', subVendorDetails: '' });
    expect(jobDetailsOf(task({ actualInspectionDate: null }))).toMatchObject({ date: '', time: '' });
  });

  it('gives the spec messages for missing fields and refuses a 12-hour or text time', () => {
    const empty = { ...jobDetailsOf(task()), siteName: ' ', street: '', pin: '', date: '', time: '' };
    expect(jobDetailsProblems(empty)).toEqual({
      siteName: TASK_TEXT.siteNameRequired,
      street: TASK_TEXT.streetRequired,
      pin: TASK_TEXT.pincodeRequired,
      date: TASK_TEXT.inspectionDateRequired,
      time: TASK_TEXT.inspectionTimeRequired,
    });
    expect(jobDetailsProblems({ ...jobDetailsOf(task()), pin: '11a' }).pin).toBe(TASK_TEXT.pincodeNumeric);
    expect(['00:00', '9:05', '23:59'].every(isTime24)).toBe(true);
    expect(['24:00', '12:60', '2pm', '1230'].some(isTime24)).toBe(false);
  });

  it('enables Save only for a submitted task the server lets change, with date, pin and site', () => {
    const form = jobDetailsOf(task());
    expect(jobDetailsSaveEnabled(task(), form)).toBe(true);
    expect(jobDetailsSaveEnabled(task({ status: 16 }), form)).toBe(false);
    expect(jobDetailsSaveEnabled(task({ can: { editJobDetails: false } as TaskDetail['can'] }), form)).toBe(false);
    expect(jobDetailsSaveEnabled(task(), { ...form, date: '' })).toBe(false);
    expect(jobDetailsSaveEnabled(task(), { ...form, pin: '' })).toBe(false);
    expect(jobDetailsSaveEnabled(task(), { ...form, siteName: '' })).toBe(false);
  });

  it('sends the spec payload with the local date and time as one instant', () => {
    const body = jobDetailsBody(task(), { ...jobDetailsOf(task()), time: '09:30', vendorDetails: ' ' });
    expect(body.observationDetails).toEqual({ id: 41, actualInspectionDate: localDateTime('2026-03-05', '09:30'), isLLG: false });
    expect(new Date(body.observationDetails.actualInspectionDate as string).getHours()).toBe(9);
    expect(body.scheduleDetails).toEqual({ scheduleId: 7, vendorDetails: null, subVendorDetails: null });
    expect(body.siteDetails).toMatchObject({
      id: 300,
      name: 'North Yard',
      pin: '112',
      objectType: 'SITE',
      companyId: 200,
      timeZone: 'Asia/Muscat',
    });
  });
});
