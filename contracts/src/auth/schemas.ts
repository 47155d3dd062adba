import { z } from 'zod';
import { Email, MessageAnswer } from '../common/schemas';

export const WebLoginBody = z.object({
  email: z.string().trim().min(1, 'Email or Namespace is required').max(254),
  password: z.string().min(1, 'Password is required').max(128),
  assetSerial: z.boolean().optional(),
  asn: z.string().max(200).optional(),
});
export type WebLoginBody = z.infer<typeof WebLoginBody>;

export const GenerateOtpBody = z.object({ email: z.string().trim().min(1, 'Email is required').max(254) });

export { PASSWORD_MAX, PASSWORD_MIN } from '../limits';

export const ResetPasswordBody = z.object({
  email: z.string().trim().min(1, 'Email is required').max(254),
  newPassword: z.string().max(200),
  otp: z.string().trim().max(20),
});

export const NamedRef = z.object({ id: z.number(), name: z.string(), code: z.string().nullable().optional() });
export type NamedRef = z.infer<typeof NamedRef>;

/**
 * The session user (shell document section 3 "Session user", DECISIONS section 2):
 * `GET /api/login` answers a list whose first item is this.
 */
export const SessionUser = z.object({
  id: z.number(),
  email: z.string(),
  name: z.string(),
  designation: z.string(),
  role: z.string(),
  permissions: z.array(z.string()),
  type: z.number(),
  namespace: z.string(),
  namespaceName: z.string(),
  companyId: z.number().nullable(),
  companyName: z.string().nullable(),
  primaryOfficeId: z.number().nullable(),
  secondaryOfficeIds: z.string(),
  divisionIds: z.string(),
  siteIds: z.string(),
  offices: z.array(NamedRef),
  divisions: z.array(NamedRef),
  sessionId: z.string().optional(),
  customerLogo: z.string().nullable(),
  customerLogoType: z.string().nullable(),
  companyLogo: z.string().nullable(),
  webAccess: z.record(z.string(), z.unknown()),
  features: z.object({
    jobs: z.boolean(),
    jobLite: z.boolean(),
    technicalLibrary: z.boolean(),
    qrSticker: z.boolean(),
  }),
  assetView: z.boolean(),
  /** The namespace is the platform operator's (DECISIONS 10): Customer Registration for its MASTER_ADMIN. */
  operator: z.boolean(),
  disallowedAssetNameCharacters: z.array(z.string()).optional(),
});
export type SessionUser = z.infer<typeof SessionUser>;

/** `POST /api/weblogin`: the session user with its session id (and the asset sign-in's echo). */
export const WebLoginAnswer = SessionUser.omit({ sessionId: true }).extend({
  sessionId: z.string(),
  assetSerial: z.literal(true).optional(),
  asn: z.string().optional(),
});

/**
 * `GET /api/login`: a list whose first item is the session user (the server sends it as text
 * kept with the session, so this describes it), or `{ message }` for `?logout=true`.
 */
export const LoginAnswer = z.union([z.array(SessionUser), MessageAnswer]);

/** `GET /api/CustomerRegistration/getImageFromSession`: the namespace's logo in base64, or nulls. */
export const SessionLogoAnswer = z.object({ companyLogo: z.string().nullable(), fileType: z.string().nullable() });

/** `GET /api/loginBranding`: the login page's namespace (by host name) and whether the caller is signed in. */
export const LoginBrandingAnswer = z.union([
  z.object({
    signedIn: z.boolean(),
    namespace: z.string(),
    companyName: z.string(),
    logo: z.string().nullable(),
    logoType: z.string().nullable(),
  }),
  z.object({ namespace: z.null(), signedIn: z.boolean() }),
]);

export { Email };
