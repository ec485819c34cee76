import type { DomainMessageTree } from './messages.js';

export const en = {
  product: { name: 'IP Portal' },
  code: {
    caseType: {
      '0': 'Patent right',
      '1': 'Utility model right',
      '2': 'Trademark right',
      '3': 'Design right',
    },
    progressStatus: { '0': 'Not started', '1': 'In progress', '2': 'Done' },
    progressStatusFilter: { all: 'All', '0': 'Not started', '1': 'In progress', '2': 'Done' },
    requestStatus: { '1': 'Not supported', '2': 'External handling in progress', '3': 'Supported' },
    requestStatusFilter: {
      '0': 'All',
      '1': 'Not supported',
      '2': 'External handling in progress',
      '3': 'Supported',
    },
    concierge: { notUsed: 'Not used', awaitingPayment: 'Use (awaiting payment)', paid: 'Use (paid)' },
    conciergeFilter: {
      all: 'All',
      notUsed: 'Not used',
      awaitingPayment: 'Use (awaiting payment)',
      paid: 'Use (paid)',
    },
    requestType: { estimate: 'Estimate', other: 'Other' },
    officeType: {
      patentAttorney: 'Patent attorney',
      translationCompany: 'Translation company',
      researchCompany: 'Research company',
    },
    userType: { REGULAR: 'Client (company)', PATENT: 'Patent firm' },
    organizationRole: { '0': 'Administrator', '1': 'Member' },
    rightsStatus: { unregistered: 'Unregistered', registering: 'Registering', expired: 'Expired' },
    toastLevel: { error: 'Error', warn: 'Warning', info: 'Information' },
    projectTab: {
      all: 'All',
      patent: 'Patent',
      utilityModel: 'Utility model',
      design: 'Design',
      trademark: 'Trademark',
      deleted: 'Deleted',
    },
  },
  validation: {
    required: 'Required',
    invalidUserType: 'Invalid user type',
    password: {
      tooShort: 'Use at least 8 characters',
      needsUpper: 'Include at least one upper-case letter',
      needsLower: 'Include at least one lower-case letter',
      needsDigit: 'Include at least one digit',
      invalidCharacter:
        'Contains a character that is not allowed (symbols allowed: ^ $ * . [ ] { } ( ) ? " ! @ # % & / \\ , > < \' : ; | _ ~ ` = + -)',
      mismatch: 'The passwords do not match',
    },
    invalidToastLevel: 'The toast level must be error, warn or info',
    invalidEmail: 'Enter a valid email address',
    invalidPhone: 'Enter the phone number with its country code (e.g. +81312345678)',
    invalidRegion: 'Choose a country or region from the list',
    invalidCaseType: 'Invalid case type',
    invalidCreatableCaseType: 'Choose patent right or trademark right',
    invalidProgressStatus: 'Invalid status',
    invalidRequestType: 'Invalid request type',
    invalidOfficeType: 'Invalid office type',
    invalidOffice: 'Choose an office from the list',
    invalidDate: 'Enter a date as YYYY-MM-DD',
    invalidLocale: 'Choose Japanese or English',
    invalidId: 'Invalid ID',
    tooLong: 'Use at most {{max}} characters',
    invalidValue: 'Invalid value',
  },
  deadline: {
    jp: {
      patent: {
        examinationRequest: {
          name: 'Examination request deadline',
          rule: '3 years from the filing date (the international filing date for PCT national-phase cases)',
        },
        termExpiry: {
          name: 'Term expiry',
          rule: '20 years from the filing date (a term extension of up to 5 years is not included)',
        },
      },
      utilityModel: { termExpiry: { name: 'Term expiry', rule: '10 years from the filing date' } },
      design: {
        termExpiry: {
          name: 'Term expiry',
          rule: '25 years from filing for applications filed on or after 1 April 2020; earlier ones 20 years from registration',
        },
      },
      trademark: {
        termExpiry: { name: 'Term expiry', rule: '10 years from the registration date' },
        renewalWindow: {
          name: 'Renewal window',
          rule: 'From 6 months before expiry until expiry (late renewal up to 6 months after expiry with a surcharge)',
        },
      },
    },
    pct: {
      nationalPhaseEntry: { name: 'National phase entry', rule: '30 months from the priority date' },
      nationalPhaseEntryEp: { name: 'European phase entry', rule: '31 months from the priority date' },
      article19Amendment: {
        name: 'Article 19 amendment',
        rule: 'The later of 2 months from transmittal of the search report and 16 months from the priority date',
      },
      chapterIIDemand: {
        name: 'Demand for preliminary examination (Chapter II)',
        rule: 'The later of 3 months from transmittal of the search report and written opinion and 22 months from the priority date',
      },
    },
    computed: 'Computed',
    unconfirmed: 'A last day falling on an office holiday is not moved yet. Always check.',
  },
  apiError: {
    userFetchFailed: 'Failed to fetch the user',
    userUpdateFailed: 'Failed to update the user',
    projectRegistrationFailed: 'Failed to register the matter',
    projectUpdateFailed: 'Failed to update the matter',
    projectDeletionFailed: 'Failed to delete the matter',
    projectListFetchFailed: 'Failed to fetch the matter list',
    notLoggedIn: 'Not logged in',
    attributeDoesNotExist: 'The attribute does not exist',
    invalidTokenFormat: 'Invalid token format',
    invalidUserPool: 'The user pool is invalid',
    requestRegistrationFailed: 'Failed to register the request',
    requestUpdateFailed: 'Failed to update the request',
    firmUpdateFailed: 'Failed to update the office information',
  },
} satisfies DomainMessageTree;
