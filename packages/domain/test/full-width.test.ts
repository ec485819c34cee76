/**
 * Full-width input: Japanese keyboards give full-width digits, letters and symbols and several
 * dashes. Numbers, codes, phone numbers and email addresses are normalized before they are
 * checked, and what is still wrong is explained in words.
 */
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  applicantSchema,
  createMatterSchema,
  describeIssue,
  emailSchema,
  inviteMemberBodySchema,
  maintenanceInfoSchema,
  normalizeCode,
  normalizeEmail,
  normalizeNumberText,
  normalizePhoneNumber,
  parseNumberText,
  patchProjectBodySchema,
  phoneNumberSchema,
  priorityClaimSchema,
  profileAttributesSchema,
  registrationInfoSchema,
  translateDomainKey,
  updateFirmBodySchema,
  updateUserBodySchema,
  ValidationMessage,
} from '../src/index.js';

function firstIssue(result: z.ZodSafeParseResult<unknown>) {
  if (result.success) throw new Error('expected a failure');
  return result.error.issues[0]!;
}

/** The message a person reads, as the forms and the API show it. */
function shown(result: z.ZodSafeParseResult<unknown>, locale: 'ja' | 'en' = 'ja') {
  const { key, params } = describeIssue(firstIssue(result));
  return translateDomainKey(locale, key, params);
}

describe('normalizers', () => {
  it.each([
    ['１２', '12'],
    [' ５０．５ ', '50.5'],
    ['－３', '-3'],
    ['−３', '-3'],
    ['　７　', '7'],
  ])('number text %j reads %j', (typed, expected) => {
    expect(normalizeNumberText(typed)).toBe(expected);
  });

  it.each([
    ['１２', 'integer', 12],
    ['５０．５', 'decimal', 50.5],
    ['.5', 'decimal', 0.5],
    ['50.5', 'integer', null],
    ['12個', 'integer', null],
    ['1,000', 'integer', 1000],
    ['１，０００．５', 'decimal', 1000.5],
    ['1,00', 'integer', null],
    ['1,5', 'decimal', null],
    ['', 'integer', null],
  ] as const)('parses %j as a %s: %j', (typed, kind, expected) => {
    expect(parseNumberText(typed, kind)).toBe(expected);
  });

  it.each([
    ['ＰＡＴ－２０２４－００１', 'PAT-2024-001'],
    ['ＡＢＣー００１', 'ABC-001'],
    ['ABC―001', 'ABC-001'],
    ['ABC‐001', 'ABC-001'],
    ['特願２０２４－０１２３４５', '特願2024-012345'],
    [' PCT／JP２０２４／０１２３４５ ', 'PCT/JP2024/012345'],
    // After kana the mark is a long vowel, not a dash.
    ['データー１', 'データー1'],
    ['ｶｰﾄﾞ', 'カード'],
  ])('code %j reads %j', (typed, expected) => {
    expect(normalizeCode(typed)).toBe(expected);
  });

  it.each([
    ['＋８１ ３－１２３４－５６７８', '+81312345678'],
    ['+81 (3) 1234-5678', '+81312345678'],
    ['＋８１ ３ー１２３４ー５６７８', '+81312345678'],
    ['+1 202.555.0123', '+12025550123'],
  ])('phone number %j reads %j', (typed, expected) => {
    expect(normalizePhoneNumber(typed)).toBe(expected);
  });

  it.each([
    ['ｔａｒｏ＠ｅｘａｍｐｌｅ．ｃｏｍ', 'taro@example.com'],
    ['　Taro@Example.com　', 'Taro@Example.com'],
  ])('email %j reads %j', (typed, expected) => {
    expect(normalizeEmail(typed)).toBe(expected);
  });
});

describe('numbers of the matter detail', () => {
  it('accepts full-width digits and gives numbers', () => {
    expect(registrationInfoSchema.partial().parse({ claimsCount: '１２' })).toEqual({ claimsCount: 12 });
    expect(
      maintenanceInfoSchema.partial().parse({ paymentYear: '１', yearFrom: '１', yearTo: '３' }),
    ).toEqual({
      paymentYear: 1,
      yearFrom: 1,
      yearTo: 3,
    });
    expect(
      applicantSchema.parse({
        role: 'applicant',
        identificationNumber: '１２３４５６７８９',
        name: '株式会社サンプル',
        address: null,
        shareRatio: '５０．５',
        contribution: '',
      }),
    ).toEqual({
      role: 'applicant',
      identificationNumber: '123456789',
      name: '株式会社サンプル',
      address: null,
      shareRatio: 50.5,
      contribution: null,
    });
  });

  it('keeps taking JSON numbers and null', () => {
    expect(registrationInfoSchema.partial().parse({ claimsCount: 12 })).toEqual({ claimsCount: 12 });
    expect(registrationInfoSchema.partial().parse({ claimsCount: null })).toEqual({ claimsCount: null });
  });

  it('says which numbers are expected, in ja and en', () => {
    const claims = registrationInfoSchema.partial().safeParse({ claimsCount: '１２．５' });
    expect(firstIssue(claims).message).toBe(ValidationMessage.integerRange);
    expect(shown(claims)).toBe('0 から 10000 までの整数を入力してください');
    expect(shown(claims, 'en')).toBe('Enter a whole number from 0 to 10000');
    expect(shown(registrationInfoSchema.partial().safeParse({ claimsCount: -1 }))).toBe(
      '0 から 10000 までの整数を入力してください',
    );
    expect(shown(maintenanceInfoSchema.partial().safeParse({ paymentYear: '３１' }))).toBe(
      '1 から 30 までの整数を入力してください',
    );
    const share = applicantSchema.shape.shareRatio.safeParse('１２０');
    expect(shown(share)).toBe('0 から 100 までの数値を入力してください（小数も可）');
    expect(shown(share, 'en')).toBe('Enter a number from 0 to 100 (decimals allowed)');
    expect(shown(applicantSchema.shape.shareRatio.safeParse('半分'))).toBe(
      '0 から 100 までの数値を入力してください（小数も可）',
    );
    expect(shown(applicantSchema.shape.shareRatio.safeParse(true))).toBe('数値を入力してください');
  });
});

describe('codes', () => {
  it('normalizes the reference code when a matter is created or changed', () => {
    expect(
      createMatterSchema.parse({ type: 0, refrenceCode: 'ＰＡＴ－００１', regionCode: 1, title: '正極材料' }),
    ).toMatchObject({ refrenceCode: 'PAT-001', title: '正極材料' });
    expect(
      patchProjectBodySchema.parse({
        refrenceCode: 'ＰＡＴ－００２',
        applicationCode: '特願２０２４－０１２３４５',
        registration: { registCode: '特許第１２３４５６７号' },
        international: { applicationNumber: 'ＰＣＴ／ＪＰ２０２４／０００１' },
      }),
    ).toEqual({
      refrenceCode: 'PAT-002',
      applicationCode: '特願2024-012345',
      registration: { registCode: '特許第1234567号' },
      international: { applicationNumber: 'PCT/JP2024/0001' },
    });
    expect(
      priorityClaimSchema.parse({
        regionCode: 1,
        baseApplicationNumber: '特願２０２３－９９９',
        baseApplicationDate: '2023-04-01',
        accessCode: 'Ａ１Ｂ２',
      }),
    ).toMatchObject({ baseApplicationNumber: '特願2023-999', accessCode: 'A1B2' });
  });

  it('counts the limit after normalizing and still requires a value', () => {
    expect(createMatterSchema.shape.refrenceCode.safeParse('　').success).toBe(false);
    expect(firstIssue(createMatterSchema.shape.refrenceCode.safeParse('　')).message).toBe(
      ValidationMessage.required,
    );
    expect(createMatterSchema.shape.refrenceCode.safeParse('Ａ'.repeat(50)).success).toBe(true);
  });
});

describe('phone numbers', () => {
  it('accepts full-width digits, plus, dashes and spaces and stores E.164', () => {
    expect(phoneNumberSchema.parse('＋８１ ３－１２３４－５６７８')).toBe('+81312345678');
    expect(updateUserBodySchema.parse({ phoneNumber: '＋８１ ３ー１２３４ー５６７８' })).toEqual({
      phoneNumber: '+81312345678',
    });
  });

  it('reads a Japanese number written the domestic way as +81 (trunk prefix 0 dropped)', () => {
    expect(phoneNumberSchema.parse('０３－１２３４－５６７８')).toBe('+81312345678');
    expect(phoneNumberSchema.parse('(045) 123-4567')).toBe('+81451234567');
    expect(phoneNumberSchema.parse('090 1234 5678')).toBe('+819012345678');
    expect(phoneNumberSchema.parse('0120-123-456')).toBe('+81120123456');
    // 00… is an international call prefix, not a domestic number.
    expect(phoneNumberSchema.safeParse('0012345678').success).toBe(false);
  });

  it('says what is wrong: other characters, or no country code', () => {
    const letters = phoneNumberSchema.safeParse('+81 3-1234-5678 内線12');
    expect(firstIssue(letters).message).toBe(ValidationMessage.phoneCharacters);
    expect(shown(letters)).toBe('電話番号は数字と + - だけで入力してください');
    expect(shown(letters, 'en')).toBe('Use only digits, + and - in the phone number');
    const domestic = phoneNumberSchema.safeParse('３－１２３４－５６７８');
    expect(firstIssue(domestic).message).toBe(ValidationMessage.invalidPhone);
    expect(shown(domestic)).toBe(
      '電話番号は 03-1234-5678 のように市外局番から、海外の番号は + と国番号から入力してください',
    );
    expect(firstIssue(phoneNumberSchema.safeParse('')).message).toBe(ValidationMessage.required);
  });
});

describe('email addresses', () => {
  it('accepts a full-width address as its half-width form', () => {
    expect(emailSchema.parse('ｔａｒｏ＠ｅｘａｍｐｌｅ．ｃｏｍ')).toBe('taro@example.com');
    expect(inviteMemberBodySchema.parse({ email: 'ｈａｎａｋｏ＠ｅｘａｍｐｌｅ．ｃｏｍ' })).toMatchObject({
      email: 'hanako@example.com',
    });
    expect(
      profileAttributesSchema.parse({
        name: '山田 太郎',
        address: '東京都',
        email: 'ｔａｒｏ＠ｅｘａｍｐｌｅ．ｃｏｍ',
        phone_number: '＋８１ ３－１２３４－５６７８',
        'custom:region_code': '1',
      }),
    ).toMatchObject({ email: 'taro@example.com', phone_number: '+81312345678' });
  });

  it('says what an address looks like', () => {
    const result = emailSchema.safeParse('taro＠example');
    expect(shown(result)).toBe('メールアドレスは name@example.com の形で入力してください');
    expect(shown(result, 'en')).toBe('Enter the email address in the form name@example.com');
  });

  it('normalizes the office profile too', () => {
    const firm = updateFirmBodySchema.safeParse({
      name: 'さくら国際特許事務所',
      nameEn: null,
      officeType: 'patentAttorney',
      regionCode: 1,
      address: '東京都千代田区',
      phoneNumber: '＋８１ ３－５２１２－３４５６',
      email: 'ｉｎｆｏ＠ｓａｋｕｒａ．ｅｘａｍｐｌｅ',
      website: null,
      languages: ['ja'],
      caseTypes: [0],
      technicalFields: [],
      feeNotes: null,
    });
    expect(firm.success && firm.data).toMatchObject({
      phoneNumber: '+81352123456',
      email: 'info@sakura.example',
    });
  });
});
