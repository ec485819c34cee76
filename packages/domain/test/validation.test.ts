import { describe, expect, it } from 'vitest';
import {
  createMatterSchema,
  describeIssue,
  organizationSchema,
  passwordRules,
  passwordSchema,
  passwordSymbols,
  profileAttributesSchema,
  requestFormSchema,
  toastLevelSchema,
  toastSchema,
  translateDomainKey,
  userTypeSchema,
  ValidationMessage,
} from '../src/index.js';
import type { z } from 'zod';

function messages(result: z.ZodSafeParseResult<unknown>): string[] {
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

function fieldMessages(result: z.ZodSafeParseResult<unknown>): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  if (!result.success) {
    for (const issue of result.error.issues) (out[issue.path.join('.')] ??= []).push(issue.message);
  }
  return out;
}

describe('user type', () => {
  it.each(['REGULAR', 'PATENT'])('accepts %s', (value) => {
    expect(userTypeSchema.parse(value)).toBe(value);
  });

  it.each(['regular', 'ADMIN', 0])('rejects %s with the invalid user type message', (value) => {
    expect(messages(userTypeSchema.safeParse(value))).toEqual([ValidationMessage.invalidUserType]);
    expect(translateDomainKey('ja', ValidationMessage.invalidUserType)).toBe('不正なユーザータイプです');
  });

  it.each([undefined, null, ''])('asks for a user type not chosen (%j): required', (value) => {
    expect(messages(userTypeSchema.safeParse(value))).toEqual([ValidationMessage.required]);
    expect(translateDomainKey('en', ValidationMessage.required)).toBe('Required');
  });
});

describe('password policy', () => {
  it('accepts a password with upper, lower and digit', () => {
    expect(passwordSchema.safeParse('Abcdefg1').success).toBe(true);
  });

  it.each([...passwordSymbols])('accepts the allowed symbol %s', (symbol) => {
    expect(passwordSchema.safeParse(`Abcdef1${symbol}`).success).toBe(true);
  });

  it.each(['€', ' ', '　', 'é', '¥', 'あ', '\t'])('rejects the disallowed character %j', (character) => {
    expect(messages(passwordSchema.safeParse(`Abcdef1${character}`))).toEqual([
      ValidationMessage.passwordInvalidCharacter,
    ]);
  });

  it.each([
    ['Abcde1!', ValidationMessage.passwordTooShort],
    ['abcdefg1', ValidationMessage.passwordNeedsUpper],
    ['ABCDEFG1', ValidationMessage.passwordNeedsLower],
    ['Abcdefgh', ValidationMessage.passwordNeedsDigit],
  ])('rejects %s with %s', (password, key) => {
    expect(messages(passwordSchema.safeParse(password))).toEqual([key]);
  });

  it('reports every broken rule at once, for live hints', () => {
    expect(messages(passwordSchema.safeParse('abc'))).toEqual([
      ValidationMessage.passwordTooShort,
      ValidationMessage.passwordNeedsUpper,
      ValidationMessage.passwordNeedsDigit,
    ]);
    expect(passwordRules.filter((rule) => !rule.test('abc')).map((rule) => rule.key)).toHaveLength(3);
  });

  it('requires a value', () => {
    expect(messages(passwordSchema.safeParse(''))).toEqual([ValidationMessage.required]);
    expect(messages(passwordSchema.safeParse(undefined))).toEqual([ValidationMessage.required]);
  });
});

describe('toast level', () => {
  it.each(['error', 'warn', 'info'])('accepts %s', (level) => {
    expect(toastLevelSchema.parse(level)).toBe(level);
  });

  it.each(['warning', 'success', ''])('rejects %s', (level) => {
    expect(messages(toastLevelSchema.safeParse(level))).toEqual([ValidationMessage.invalidToastLevel]);
  });

  it('allows timeout -1 (until closed) but nothing below', () => {
    expect(toastSchema.safeParse({ level: 'info', message: 'Saved', timeoutMs: -1 }).success).toBe(true);
    expect(toastSchema.safeParse({ level: 'info', message: 'Saved', timeoutMs: -2 }).success).toBe(false);
  });
});

describe('create matter', () => {
  const valid = { type: 0, refrenceCode: 'P-2026-001', regionCode: 1, title: '電池電極の製造方法' };

  it('accepts a patent and a trademark', () => {
    expect(createMatterSchema.parse(valid)).toEqual(valid);
    expect(createMatterSchema.parse({ ...valid, type: 2 }).type).toBe(2);
  });

  it('trims text fields', () => {
    expect(createMatterSchema.parse({ ...valid, title: '  Title  ' }).title).toBe('Title');
  });

  it('requires type, reference code, region and title', () => {
    const result = createMatterSchema.safeParse({ refrenceCode: ' ', title: '' });
    expect(fieldMessages(result)).toEqual({
      type: [ValidationMessage.required],
      refrenceCode: [ValidationMessage.required],
      regionCode: [ValidationMessage.required],
      title: [ValidationMessage.required],
    });
    expect(translateDomainKey('en', ValidationMessage.required)).toBe('Required');
    expect(translateDomainKey('ja', ValidationMessage.required)).toBe('必須項目です');
  });

  it.each([1, 3, 7, '0'])('offers only types 0 and 2 (rejects %s)', (type) => {
    expect(fieldMessages(createMatterSchema.safeParse({ ...valid, type }))).toEqual({
      type: [ValidationMessage.invalidCreatableCaseType],
    });
  });

  it('rejects unknown regions, over-long text and unknown fields', () => {
    expect(fieldMessages(createMatterSchema.safeParse({ ...valid, regionCode: 500 }))).toEqual({
      regionCode: [ValidationMessage.invalidRegion],
    });
    const long = createMatterSchema.safeParse({ ...valid, title: 'x'.repeat(201) });
    expect(fieldMessages(long)).toEqual({ title: [ValidationMessage.tooLong] });
    if (!long.success)
      expect(describeIssue(long.error.issues[0]!)).toEqual({
        key: ValidationMessage.tooLong,
        params: { max: 200 },
      });
    expect(createMatterSchema.safeParse({ ...valid, extra: 1 }).success).toBe(false);
  });
});

describe('profile attributes', () => {
  const valid = {
    name: '山田 太郎',
    address: '東京都千代田区丸の内1-1-1',
    email: 'taro@example.co.jp',
    phone_number: '+81312345678',
    'custom:region_code': '1',
  };

  it('accepts a complete profile', () => {
    expect(profileAttributesSchema.parse(valid)).toEqual(valid);
  });

  it.each([
    ['email', 'not-an-email', ValidationMessage.invalidEmail],
    ['phone_number', '3-1234-5678', ValidationMessage.invalidPhone],
    ['custom:region_code', '1000', ValidationMessage.invalidRegion],
    ['custom:region_code', 'JP', ValidationMessage.invalidRegion],
    ['name', '', ValidationMessage.required],
    ['address', '   ', ValidationMessage.required],
  ])('rejects %s = %j', (field, value, key) => {
    expect(fieldMessages(profileAttributesSchema.safeParse({ ...valid, [field]: value }))).toEqual({
      [field]: [key],
    });
  });
});

describe('organization', () => {
  it('needs a name and a representative name', () => {
    expect(
      organizationSchema.safeParse({ name: '株式会社サンプル', representativeName: '佐藤 花子' }).success,
    ).toBe(true);
    expect(fieldMessages(organizationSchema.safeParse({ name: '' }))).toEqual({
      name: [ValidationMessage.required],
      representativeName: [ValidationMessage.required],
    });
  });
});

describe('request form', () => {
  const valid = {
    name: '拒絶理由通知への応答',
    type: 'estimate',
    content: '意見書・補正書の作成費用のお見積りをお願いします。',
    officeRegionCode: 1,
    officeType: 'patentAttorney',
    officeId: '5f0c4a8e-8d5b-4c9a-9a51-3f1d2e3c4b5a',
  };

  it('accepts a complete request', () => {
    expect(requestFormSchema.safeParse(valid).success).toBe(true);
  });

  it('marks every field required', () => {
    expect(Object.keys(fieldMessages(requestFormSchema.safeParse({}))).sort()).toEqual([
      'content',
      'name',
      'officeId',
      'officeRegionCode',
      'officeType',
      'type',
    ]);
  });

  it.each([
    ['type', 'quote', ValidationMessage.invalidRequestType],
    ['officeType', 'lawyer', ValidationMessage.invalidOfficeType],
    ['officeId', 'abc', ValidationMessage.invalidOffice],
    ['officeRegionCode', 0, ValidationMessage.invalidRegion],
  ])('rejects %s = %j', (field, value, key) => {
    expect(fieldMessages(requestFormSchema.safeParse({ ...valid, [field]: value }))).toEqual({
      [field]: [key],
    });
  });
});

describe('issue descriptions', () => {
  it('fall back to a generic key for zod-native issues', () => {
    expect(describeIssue({ code: 'invalid_type', message: 'Expected string' })).toEqual({
      key: ValidationMessage.invalidValue,
    });
    expect(describeIssue({ code: 'too_big', message: 'Too big', maximum: 5 })).toEqual({
      key: ValidationMessage.tooLong,
      params: { max: 5 },
    });
  });
});
