import { PASSWORD_MAX, PASSWORD_MIN } from '@portal/contracts/limits';
import { AUTH } from '@portal/contracts/messages';

export interface ResetInput {
  newPassword: string;
  confirmPassword: string;
  otp: string;
}

/**
 * The validation of the reset form (shell document 5): messages per field; Confirm is
 * enabled only when this answers no errors.
 */
export function resetPasswordErrors(input: ResetInput): Partial<Record<keyof ResetInput, string>> {
  const errors: Partial<Record<keyof ResetInput, string>> = {};
  const next = input.newPassword.trim();
  const again = input.confirmPassword.trim();
  if (!next) errors.newPassword = AUTH.newPasswordMandatory;
  else if (next.length < PASSWORD_MIN || next.length > PASSWORD_MAX) errors.newPassword = AUTH.passwordLength;
  else if (again && next !== again) errors.newPassword = AUTH.mustMatchConfirm;
  if (!again) errors.confirmPassword = AUTH.confirmPasswordMandatory;
  else if (next && next !== again) errors.confirmPassword = AUTH.mustMatchNew;
  if (!input.otp.trim()) errors.otp = AUTH.otpMandatory;
  return errors;
}
