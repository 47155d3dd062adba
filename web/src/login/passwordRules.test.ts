import { describe, expect, it } from 'vitest';
import { AUTH } from '@portal/contracts/messages';
import { resetPasswordErrors } from './passwordRules';

describe('password reset form rules (shell document 5)', () => {
  it('asks for every field', () => {
    expect(resetPasswordErrors({ newPassword: ' ', confirmPassword: '', otp: '' })).toEqual({
      newPassword: AUTH.newPasswordMandatory,
      confirmPassword: AUTH.confirmPasswordMandatory,
      otp: AUTH.otpMandatory,
    });
  });

  it('needs 6 to 18 characters after trimming', () => {
    expect(resetPasswordErrors({ newPassword: ' 12345 ', confirmPassword: '12345', otp: '1' }).newPassword).toBe(AUTH.passwordLength);
    expect(resetPasswordErrors({ newPassword: 'x'.repeat(19), confirmPassword: 'x'.repeat(19), otp: '1' }).newPassword).toBe(
      AUTH.passwordLength,
    );
  });

  it('needs both passwords to match, with a message under each', () => {
    expect(resetPasswordErrors({ newPassword: 'abcdef', confirmPassword: 'abcdeg', otp: '1' })).toEqual({
      newPassword: AUTH.mustMatchConfirm,
      confirmPassword: AUTH.mustMatchNew,
    });
  });

  it('has no errors when all three are present, match and the length is valid', () => {
    expect(resetPasswordErrors({ newPassword: ' abcdef ', confirmPassword: 'abcdef', otp: '123456' })).toEqual({});
  });
});
