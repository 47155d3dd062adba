import type { ProfileAnswer, ProfileBody } from '@portal/contracts';
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
