import { describe, expect, it } from 'vitest';
import {
  caseTypes,
  conciergeFilter,
  conciergeStates,
  creatableCaseTypes,
  domainMessages,
  historyActions,
  dealStatuses,
  invoiceStatuses,
  officeTypes,
  organizationRoles,
  progressStatuses,
  progressStatusFilter,
  projectTabs,
  requestStatusFilter,
  requestStatuses,
  requestTypes,
  rightsStatuses,
  toastLevels,
  translateDomainKey,
  userTypes,
  type CodeList,
} from '../src/index.js';

const lists: CodeList<string | number>[] = [
  caseTypes,
  progressStatuses,
  progressStatusFilter,
  requestStatusFilter,
  requestStatuses,
  conciergeStates,
  conciergeFilter,
  requestTypes,
  officeTypes,
  userTypes,
  organizationRoles,
  rightsStatuses,
  toastLevels,
  projectTabs,
  historyActions,
  dealStatuses,
  invoiceStatuses,
];

describe('code lists', () => {
  it('keep the stable values stored in the database and sent over the wire', () => {
    expect(caseTypes.values).toEqual([0, 1, 2, 3]);
    expect(creatableCaseTypes).toEqual([0, 2]);
    expect(progressStatuses.values).toEqual([0, 1, 2]);
    expect(requestStatusFilter.values).toEqual([0, 1, 2, 3]);
    expect(conciergeFilter.values).toEqual(['all', 'notUsed', 'awaitingPayment', 'paid']);
    expect(requestTypes.values).toEqual(['estimate', 'other']);
    expect(officeTypes.values).toEqual(['patentAttorney', 'translationCompany', 'researchCompany']);
    expect(userTypes.values).toEqual(['REGULAR', 'PATENT']);
    expect(organizationRoles.values).toEqual([0, 1]);
    expect(rightsStatuses.values).toEqual(['unregistered', 'registering', 'expired']);
    expect(toastLevels.values).toEqual(['error', 'warn', 'info']);
    expect(projectTabs.values).toEqual(['all', 'patent', 'utilityModel', 'design', 'trademark', 'deleted']);
  });

  it.each(lists.map((list) => [list.name, list] as const))(
    '%s has a ja and an en label for every value',
    (_, list) => {
      for (const value of list.values) {
        const key = list.labelKey(value);
        const ja = translateDomainKey('ja', key);
        const en = translateDomainKey('en', key);
        expect(ja, `${key} (ja)`).toBeTruthy();
        expect(en, `${key} (en)`).toBeTruthy();
        expect(ja).not.toBe(en);
      }
      expect(new Set(list.values).size).toBe(list.values.length);
    },
  );

  it('labels the case types with their legal names', () => {
    expect(translateDomainKey('en', caseTypes.labelKey(0))).toBe('Patent right');
    expect(translateDomainKey('ja', caseTypes.labelKey(2))).toBe('商標権');
    expect(translateDomainKey('en', requestStatusFilter.labelKey(2))).toBe('In progress (external)');
  });

  it('names the request statuses in English by what happens, not "supported"', () => {
    expect(
      requestStatuses.values.map((value) => translateDomainKey('en', requestStatuses.labelKey(value))),
    ).toEqual(['Not started', 'In progress (external)', 'Completed']);
    expect(translateDomainKey('en', requestStatusFilter.labelKey(1))).toBe('Not started');
    expect(translateDomainKey('en', requestStatusFilter.labelKey(3))).toBe('Completed');
    expect(translateDomainKey('en', 'code.historyAction.request.complete')).toBe('Request completed');
  });

  it('rejects unknown values', () => {
    expect(caseTypes.has(4)).toBe(false);
    expect(caseTypes.has('0')).toBe(false);
    expect(() => caseTypes.labelKey(9 as 0)).toThrow(RangeError);
  });
});

describe('domain messages', () => {
  function keys(tree: object, prefix = ''): string[] {
    return Object.entries(tree).flatMap(([key, value]) =>
      typeof value === 'object' && value !== null
        ? keys(value as object, `${prefix}${key}.`)
        : [`${prefix}${key}`],
    );
  }

  it('have the same keys in Japanese and English', () => {
    expect(keys(domainMessages('ja')).sort()).toEqual(keys(domainMessages('en')).sort());
  });

  it('interpolate parameters', () => {
    expect(translateDomainKey('en', 'validation.tooLong', { max: 50 })).toBe('Use at most 50 characters');
    expect(translateDomainKey('ja', 'validation.tooLong', { max: 50 })).toBe('50文字以内で入力してください');
    expect(translateDomainKey('en', 'validation.nope')).toBeUndefined();
  });
});
