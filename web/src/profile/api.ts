import type { ProfileAnswer, ProfileBody, ReminderPreferenceAnswer } from '@portal/contracts';
import { del, get, post } from '../api/http';
import type { SignatureApi } from '../users/SignatureField';

/** The cache key of the signed-in user's profile. */
export const PROFILE_KEY = ['profile'] as const;

/** `GET /api/profile`: one's own name, e-mail, role, qualifications and signature. */
export const loadProfile = () => get<ProfileAnswer>('/profile');

/** `POST /api/profile`: the qualifications printed under one's name on certificates. */
export const saveProfile = (body: ProfileBody) => post<ProfileAnswer & { message: string }>('/profile', body);

/** One's own signature: `POST /api/profile/signature` (multipart imageFile) and `DELETE`. */
export const ownSignatureApi: SignatureApi = {
  upload: (file) => {
    const form = new FormData();
    form.append('imageFile', file);
    return post<{ blobKey: string }>('/profile/signature', form);
  },
  remove: () => del<{ message: string }>('/profile/signature'),
};

/** The cache key of one's own due reminders (issue 23). */
export const REMINDERS_KEY = ['profile', 'reminders'] as const;

/** `GET /api/profile/reminders`: whether one gets the daily due reminders, and whether one's role does at all. */
export const loadReminders = () => get<ReminderPreferenceAnswer>('/profile/reminders');

/** `POST /api/profile/reminders`: turns one's own due reminders on or off. */
export const saveReminders = (enabled: boolean) => post<ReminderPreferenceAnswer>('/profile/reminders', { enabled });
