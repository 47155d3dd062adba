/** Limits of the spec that both sides check (no zod here: the login page imports this). */
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 18;
/** Signatures and logos: .jpg/.png up to 5,242,880 bytes. */
export const IMAGE_MAX_BYTES = 5_242_880;
/** Job and library uploads: 47,185,920 bytes (45 MB). */
export const DOCUMENT_MAX_BYTES = 47_185_920;
