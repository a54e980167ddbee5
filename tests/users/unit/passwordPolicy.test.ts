import { describe, expect, it } from 'vitest';
import { mustChangePassword, passwordProblems, readPasswordPolicy } from '../../../src/shared/passwordPolicy.js';
import { zh } from '../../../src/kernel/client/i18n/zh.js';
import { usersMessages } from '../../../src/modules/users/locale/messages.js';

const policy = readPasswordPolicy({
  passwordStrengthLimit: '1',
  passwordLengthMin: '1',
  passwordLengthMinNumber: '8',
  containsNumbers: '1',
  includeLowercaseLetters: '1',
  includeUppercaseLetters: '1',
  containsCharacters: '1',
  mandatoryModificationOfInitialPassword: '1',
});

describe('password policy of spec 001 §5', () => {
  it('lists each missing requirement', () => {
    expect(passwordProblems('abc', policy).map((p) => p.key)).toEqual(['password.tooShort', 'password.needsDigit', 'password.needsUppercase', 'password.needsCharacter']);
    expect(passwordProblems('Abcdef1!', policy)).toEqual([]);
    expect(passwordProblems('Abcdefgh1!xyz12345', policy).map((p) => p.key)).toEqual(['password.tooLong']);
  });

  it('uses the configured minimum, else the product minimum of 6', () => {
    expect(passwordProblems('Ab1!xyz', policy)[0]).toEqual({ key: 'password.tooShort', values: { n: 8 } });
    const off = readPasswordPolicy({ passwordStrengthLimit: 0 });
    expect(passwordProblems('abcde', off)).toEqual([{ key: 'password.tooShort', values: { n: 6 } }]);
    expect(passwordProblems('abcdef', off)).toEqual([]);
  });

  it("speaks the spec's exact Chinese messages on client and server", () => {
    const expected = {
      tooShort: '新密码长度不能小于{{n}}位',
      needsDigit: '新密码必须包含数字',
      needsLowercase: '新密码必须包含小写字母',
      needsUppercase: '新密码必须包含大写字字母',
      needsCharacter: '新密码必须包含字符',
    };
    for (const [key, text] of Object.entries(expected)) {
      expect(zh.password[key as keyof typeof expected]).toBe(text);
      expect(usersMessages[`password.${key}` as keyof typeof usersMessages].zh).toBe(text);
    }
    expect(zh.password.oldRequired).toBe('旧密码不能为空');
    expect(zh.password.newRequired).toBe('新密码不能为空');
    expect(zh.password.repeatRequired).toBe('重复密码不能为空');
    expect(zh.password.mismatch).toBe('两次密码输入不一致');
    expect(zh.password.codeRequired).toBe('验证码不能为空');
  });

  it('forces a change only when never changed and the setting is 1', () => {
    expect(mustChangePassword(null, policy)).toBe(true);
    expect(mustChangePassword('2026-01-01', policy)).toBe(false);
    expect(mustChangePassword(null, { mandatoryModificationOfInitialPassword: 0 })).toBe(false);
  });
});
