import { isRefused, type Applicant, type PatchProjectBody } from '@ipportal/domain';
import { describe, expect, test } from 'vitest';
import {
  planDetailUpdate,
  sameValue,
  type StoredValues,
} from '../../src/repositories/projects/update-detail-rules.js';

const stored: StoredValues = {
  trademarkImageFileId: null,
  maintenanceYearFrom: null,
  maintenanceYearTo: null,
};
const imageId = '00000000-0000-4000-8000-000000000001';

function applicant(
  role: Applicant['role'],
  shareRatio: number | null,
  contribution: number | null,
): Applicant {
  return { role, identificationNumber: null, name: 'A', address: null, shareRatio, contribution };
}

/** The refusal and its field problems, or the plan's columns. */
function outcome(body: PatchProjectBody, editor: 'client' | 'office' = 'client', before = stored) {
  const plan = planDetailUpdate(before, body, editor);
  return isRefused(plan)
    ? { refused: plan.refused, problems: plan.problems ?? [] }
    : { set: plan.set, paths: plan.paths };
}

describe('a PATCH maps contract fields to columns', () => {
  test('list fields and group fields land on their columns, each with the path that gave it', () => {
    expect(
      outcome({ title: 'T', application: { publicationCode: 'P-1' }, maintenance: { yearFrom: 2 } }),
    ).toEqual({
      set: { title: 'T', publicationCode: 'P-1', maintenanceYearFrom: 2 },
      paths: {
        title: 'title',
        publicationCode: 'application.publicationCode',
        maintenanceYearFrom: 'maintenance.yearFrom',
      },
    });
  });

  test('Nice classes are stored once each, in order', () => {
    expect(outcome({ trademark: { classes: [9, 3, 9, 42] } })).toMatchObject({
      set: { niceClasses: [3, 9, 42] },
    });
  });

  test('an empty body writes nothing', () => {
    expect(outcome({})).toEqual({ set: {}, paths: {} });
  });
});

describe('offices never change the settings or the family', () => {
  test.each<[string, PatchProjectBody]>([
    ['settings', { settings: { allowRequestedOfficeEdit: true } }],
    ['family', { family: 'F' }],
    ['a cleared family', { family: null }],
  ])('an office changing %s is refused', (_name, body) => {
    expect(outcome(body, 'office')).toEqual({ refused: 'officeCannotChange', problems: [] });
  });

  test('an office may change the other fields; the client may change the settings and family', () => {
    expect(outcome({ title: 'T' }, 'office')).toMatchObject({ set: { title: 'T' } });
    expect(outcome({ family: 'F', settings: { allowRequestedOfficeEdit: true } }, 'client')).toMatchObject({
      set: { family: 'F', allowRequestedOfficeEdit: true },
    });
  });
});

describe('a field given twice must have one value', () => {
  test('the same value twice is accepted, under the first path', () => {
    expect(outcome({ applicationCode: 'A-1', application: { applicationCode: 'A-1' } })).toEqual({
      set: { applicationCode: 'A-1' },
      paths: { applicationCode: 'applicationCode' },
    });
  });

  test('two values are refused on the second path', () => {
    expect(outcome({ registDate: '2026-01-01', registration: { registDate: '2026-02-01' } })).toEqual({
      refused: 'conflictingValue',
      problems: [{ path: 'registration.registDate', refusal: 'conflictingValue' }],
    });
  });

  test('null and a value conflict', () => {
    expect(outcome({ applicationCode: null, application: { applicationCode: 'A-1' } })).toMatchObject({
      refused: 'conflictingValue',
    });
  });
});

describe('the trademark image is set by uploading it', () => {
  test('a PATCH may clear the image or keep the stored one', () => {
    const withImage = { ...stored, trademarkImageFileId: imageId };
    expect(outcome({ trademark: { imageFileId: null } }, 'client', withImage)).toMatchObject({
      set: { trademarkImageFileId: null },
    });
    expect(outcome({ trademark: { imageFileId: imageId } }, 'client', withImage)).toMatchObject({
      set: { trademarkImageFileId: imageId },
    });
  });

  test('a PATCH naming another file is refused', () => {
    expect(outcome({ trademark: { imageFileId: imageId } })).toEqual({
      refused: 'useTrademarkImageUpload',
      problems: [{ path: 'trademark.imageFileId', refusal: 'useTrademarkImageUpload' }],
    });
  });
});

describe('maintenance years run forwards', () => {
  test.each<[string, PatchProjectBody, StoredValues]>([
    ['an equal range', { maintenance: { yearFrom: 3, yearTo: 3 } }, stored],
    ['a forward range', { maintenance: { yearFrom: 1, yearTo: 3 } }, stored],
    ['only a start', { maintenance: { yearFrom: 5 } }, stored],
    ['a start before the stored end', { maintenance: { yearFrom: 2 } }, { ...stored, maintenanceYearTo: 4 }],
    [
      'a cleared end',
      { maintenance: { yearTo: null } },
      { ...stored, maintenanceYearFrom: 9, maintenanceYearTo: 10 },
    ],
  ])('%s is accepted', (_name, body, before) => {
    expect(isRefused(planDetailUpdate(before, body, 'client'))).toBe(false);
  });

  test.each<[string, PatchProjectBody, StoredValues]>([
    ['a backward range', { maintenance: { yearFrom: 4, yearTo: 3 } }, stored],
    ['a start after the stored end', { maintenance: { yearFrom: 5 } }, { ...stored, maintenanceYearTo: 4 }],
    ['an end before the stored start', { maintenance: { yearTo: 1 } }, { ...stored, maintenanceYearFrom: 2 }],
  ])('%s is refused on maintenance.yearTo', (_name, body, before) => {
    expect(outcome(body, 'client', before)).toEqual({
      refused: 'yearRange',
      problems: [{ path: 'maintenance.yearTo', refusal: 'yearRange' }],
    });
  });
});

describe("applicants' shares and inventors' contributions each total at most 100%", () => {
  test.each<[string, Applicant[]]>([
    ['shares of exactly 100%', [applicant('applicant', 60, null), applicant('applicant', 40, null)]],
    [
      'shares summing to 100 with float noise',
      [0.1, 0.2, 99.7].map((share) => applicant('applicant', share, null)),
    ],
    ['no shares given', [applicant('applicant', null, null), applicant('applicant', null, null)]],
    ['contributions of exactly 100%', [applicant('inventor', null, 50), applicant('inventor', null, 50)]],
    // Each total counts its own role only.
    [
      'agents and inventors with shares',
      [applicant('applicant', 100, null), applicant('inventor', 80, 100), applicant('agent', 90, 90)],
    ],
    ['no applicants', []],
  ])('%s is accepted', (_name, applicants) => {
    expect(outcome({ applicants })).toEqual({ set: {}, paths: {} });
  });

  test('shares over 100% are refused on applicants', () => {
    expect(
      outcome({ applicants: [applicant('applicant', 70, null), applicant('applicant', 40, null)] }),
    ).toEqual({
      refused: 'shareTotal',
      problems: [{ path: 'applicants', refusal: 'shareTotal' }],
    });
  });

  test('contributions over 100% are refused on applicants', () => {
    expect(
      outcome({ applicants: [applicant('inventor', null, 60), applicant('inventor', null, 41)] }),
    ).toEqual({
      refused: 'contributionTotal',
      problems: [{ path: 'applicants', refusal: 'contributionTotal' }],
    });
  });
});

test('every field problem is reported at once, the first heading the refusal', () => {
  const body: PatchProjectBody = {
    applicationCode: 'A-1',
    application: { applicationCode: 'A-2' },
    trademark: { imageFileId: imageId },
    maintenance: { yearFrom: 4, yearTo: 3 },
    applicants: [applicant('applicant', 101, null), applicant('inventor', null, 101)],
  };
  expect(outcome(body)).toEqual({
    refused: 'conflictingValue',
    problems: [
      { path: 'application.applicationCode', refusal: 'conflictingValue' },
      { path: 'trademark.imageFileId', refusal: 'useTrademarkImageUpload' },
      { path: 'maintenance.yearTo', refusal: 'yearRange' },
      { path: 'applicants', refusal: 'shareTotal' },
      { path: 'applicants', refusal: 'contributionTotal' },
    ],
  });
});

test('values compare as they serialize, null and absent alike', () => {
  expect(sameValue(null, undefined)).toBe(true);
  expect(sameValue([1, 2], [1, 2])).toBe(true);
  expect(sameValue({ a: 1 }, { a: 2 })).toBe(false);
  expect(sameValue('', null)).toBe(false);
});
