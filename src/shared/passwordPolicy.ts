import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './constants.js';

/**
 * The password policy of spec 001 §3/§5, checked the same way on the client (as the user types) and on the
 * server (before anything is stored). Problems are message keys with values, translated where they are shown;
 * in Chinese they read exactly as the spec gives them, including its 大写字字母.
 */
export interface PasswordPolicy {
  passwordStrengthLimit: number;
  passwordLengthMin: number;
  passwordLengthMinNumber: number;
  containsNumbers: number;
  includeLowercaseLetters: number;
  includeUppercaseLetters: number;
  containsCharacters: number;
  mandatoryModificationOfInitialPassword: number;
}

export interface PasswordProblem {
  key: 'password.tooShort' | 'password.tooLong' | 'password.needsDigit' | 'password.needsLowercase' | 'password.needsUppercase' | 'password.needsCharacter';
  values?: { n: number };
}

/** The policy's numeric fields from stored strings or numbers; anything unreadable counts as off. */
export function readPasswordPolicy(source: Record<string, unknown>): PasswordPolicy {
  const num = (key: keyof PasswordPolicy) => {
    const value = Number(source[key]);
    return Number.isFinite(value) ? value : 0;
  };
  return {
    passwordStrengthLimit: num('passwordStrengthLimit'),
    passwordLengthMin: num('passwordLengthMin'),
    passwordLengthMinNumber: num('passwordLengthMinNumber'),
    containsNumbers: num('containsNumbers'),
    includeLowercaseLetters: num('includeLowercaseLetters'),
    includeUppercaseLetters: num('includeUppercaseLetters'),
    containsCharacters: num('containsCharacters'),
    mandatoryModificationOfInitialPassword: num('mandatoryModificationOfInitialPassword'),
  };
}

/**
 * What the new password lacks. With strength limiting off only the product's bounds apply (6 to 16, spec 000 §9);
 * with it on, the configured minimum replaces 6 and each required character class is checked.
 * "Characters" are anything other than letters and digits.
 */
export function passwordProblems(password: string, policy: PasswordPolicy): PasswordProblem[] {
  const problems: PasswordProblem[] = [];
  const limited = policy.passwordStrengthLimit === 1;
  const min = limited && policy.passwordLengthMin === 1 && policy.passwordLengthMinNumber > 0 ? policy.passwordLengthMinNumber : PASSWORD_MIN_LENGTH;
  if ([...password].length < min) problems.push({ key: 'password.tooShort', values: { n: min } });
  if ([...password].length > PASSWORD_MAX_LENGTH) problems.push({ key: 'password.tooLong', values: { n: PASSWORD_MAX_LENGTH } });
  if (!limited) return problems;
  if (policy.containsNumbers === 1 && !/\d/.test(password)) problems.push({ key: 'password.needsDigit' });
  if (policy.includeLowercaseLetters === 1 && !/[a-z]/.test(password)) problems.push({ key: 'password.needsLowercase' });
  if (policy.includeUppercaseLetters === 1 && !/[A-Z]/.test(password)) problems.push({ key: 'password.needsUppercase' });
  if (policy.containsCharacters === 1 && !/[^A-Za-z\d]/.test(password)) problems.push({ key: 'password.needsCharacter' });
  return problems;
}

/** The forced change of spec 001 §4: never changed, and the initial-password setting is 1. */
export function mustChangePassword(changePasswordDate: unknown, policy: Pick<PasswordPolicy, 'mandatoryModificationOfInitialPassword'>): boolean {
  return policy.mandatoryModificationOfInitialPassword === 1 && !changePasswordDate;
}
