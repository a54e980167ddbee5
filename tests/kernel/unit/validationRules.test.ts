import { describe, expect, it } from 'vitest';
import { checkRule, isFormula, rules } from '../../../src/shared/validation/rules.js';
import { isEmptyValue, validateFieldValue } from '../../../src/shared/validation/fieldValidation.js';
import { amountInWords } from '../../../src/shared/format/amountInWords.js';
import { withThousands } from '../../../src/shared/format/thousands.js';

describe('the reusable rules of spec 000 §5', () => {
  const cases: [keyof typeof rules, string[], string[]][] = [
    ['mobile', ['13812345678', '19900000000'], ['12812345678', '1381234567', 'abc']],
    ['password', ['abc123', 'A1b2C3d4e5f6g7h8'], ['abcdef', '123456', 'ab1', 'abc123!', 'a1b2c3d4e5f6g7h8i']],
    ['idCard', ['110101199003071234', '11010119900307123X', '110101900307123'], ['1101011990030712', 'abc']],
    ['email', ['a.b@example.com'], ['a@b', 'no-at.example.com']],
    ['licencePlate', ['京A12345', '粤B1234学'], ['A12345', '京a12345']],
    ['chinese', ['中文'], ['中文a', '']],
    ['code', ['a.b.c', 'abc1'], ['.abc', 'abc.', 'a..b', 'a-b']],
    ['account', ['admin01'], ['admin_01', '管理员']],
    ['name', ['张三 (QA)', 'Lab_1'], ['a<b>', 'x;y']],
    ['numericCode', ['0012'], ['12a']],
    ['halfStep', ['1', '2.5', '0.5'], ['1.2', '-1', 'a']],
    ['positiveInteger', ['1', '250'], ['0', '01', '-3', '1.5']],
    ['fieldName', ['f_name1'], ['1name', '_x', 'a-b']],
    ['formula', ['1+2', '(1+2)×3÷4', '10-2'], ['1++2', '(1+2', '1+', '+1', 'a+1', '()']],
    ['sortCode', ['0', '999999'], ['1000000', '-1', '1.5']],
  ];
  it.each(cases)('%s', (name, good, bad) => {
    for (const value of good) expect(checkRule(name, value), `${name} accepts ${value}`).toBeUndefined();
    for (const value of bad.filter(Boolean)) expect(checkRule(name, value), `${name} refuses ${value}`).toBe(rules[name].message.zh);
  });

  it('limits names and codes to 50 characters', () => {
    expect(checkRule('nameLength', '字'.repeat(50))).toBeUndefined();
    expect(checkRule('nameLength', '字'.repeat(51))).toBe('名称最多为50个字符');
    expect(checkRule('codeLength', 'a'.repeat(51), 'en')).toBe('A code has at most 50 characters');
    expect(isFormula('')).toBe(false);
  });
});

describe('field validation of spec 001 §5', () => {
  it('treats null, undefined, empty string and empty array as empty', () => {
    for (const value of [null, undefined, '', []]) expect(isEmptyValue(value)).toBe(true);
    for (const value of [0, false, ' ', [0]]) expect(isEmptyValue(value)).toBe(false);
  });

  it('answers valid, regValid and the failing rule message', () => {
    const rule = { required: true, regList: [{ pattern: '/^\\d+$/', message: '只能填数字' }, { pattern: '^.{0,3}$', message: '最多3位' }] };
    expect(validateFieldValue('', rule)).toEqual({ valid: false, regValid: true });
    expect(validateFieldValue('12a', rule)).toEqual({ valid: true, regValid: false, regErrorText: '只能填数字' });
    expect(validateFieldValue('1234', rule)).toEqual({ valid: true, regValid: false, regErrorText: '最多3位' });
    expect(validateFieldValue('123', rule)).toEqual({ valid: true, regValid: true });
    expect(validateFieldValue('x', { regList: [{ pattern: '([', message: 'broken' }] })).toEqual({ valid: true, regValid: true });
  });
});

describe('formatters', () => {
  it.each([
    [0, '零元整'],
    [1, '壹元整'],
    [10.5, '壹拾元伍角'],
    [1234.56, '壹仟贰佰叁拾肆元伍角陆分'],
    [100000001, '壹亿零壹元整'],
    [1002.03, '壹仟零贰元零叁分'],
    [100000, '壹拾万元整'],
    [-5.2, '负伍元贰角'],
    ['1,000,000', '壹佰万元整'],
    [999999999999.99, '玖仟玖佰玖拾玖亿玖仟玖佰玖拾玖万玖仟玖佰玖拾玖元玖角玖分'],
    [1000000000000, '金额过大，无法计算'],
  ])('writes %s as %s', (value, words) => {
    expect(amountInWords(value)).toBe(words);
  });

  it('groups thousands', () => {
    expect(withThousands(1234567.891)).toBe('1,234,567.891');
    expect(withThousands('-1234')).toBe('-1,234');
    expect(withThousands(12)).toBe('12');
  });
});
