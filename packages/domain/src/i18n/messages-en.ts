import type { DomainMessageTree } from './message-tree.js';

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
    requestStatus: { '1': 'Not started', '2': 'In progress (external)', '3': 'Completed' },
    requestStatusFilter: {
      '0': 'All',
      '1': 'Not started',
      '2': 'In progress (external)',
      '3': 'Completed',
    },
    concierge: { notUsed: 'Not used', awaitingPayment: 'Used (awaiting payment)', paid: 'Used (paid)' },
    conciergeFilter: {
      all: 'All',
      notUsed: 'Not used',
      awaitingPayment: 'Used (awaiting payment)',
      paid: 'Used (paid)',
    },
    dealStatus: {
      draft: 'Draft',
      sent: 'Sent',
      accepted: 'Accepted',
      rejected: 'Declined',
      withdrawn: 'Withdrawn',
    },
    invoiceStatus: { issued: 'Issued', paid: 'Paid', void: 'Void' },
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
    historyAction: {
      project: {
        create: 'Matter created',
        update: 'Matter updated',
        delete: 'Matter deleted',
        duplicate: 'Matter duplicated',
        trademarkImage: { set: 'Trademark image changed' },
        assignees: { set: 'Matter assignees changed' },
        organization: { set: 'Matter moved to an organization' },
      },
      userSpace: {
        file: { create: 'File added', delete: 'File deleted' },
        comment: { create: 'Comment added', update: 'Comment edited', delete: 'Comment deleted' },
      },
      request: {
        create: 'Request registered',
        accept: 'Request accepted',
        complete: 'Request completed',
        decline: 'Request declined',
        assignee: 'Request assignee changed',
        mail: { send: 'Message sent' },
        periods: { update: 'Deadlines changed' },
        term: { create: 'Deadline added', update: 'Deadline changed', remove: 'Deadline removed' },
        deliverable: { create: 'Deliverable uploaded' },
      },
      pension: {
        payment: { record: 'Annuity payment recorded' },
        decision: { set: 'Annuity decision' },
        settings: { update: 'Fee reduction changed' },
      },
      deadline: {
        done: 'Deadline marked done',
        lapse: 'Decided to let a deadline lapse',
        reopen: 'Deadline opened again',
        confirm: 'Deadline confirmed',
      },
      organization: {
        create: 'Organization created',
        update: 'Organization updated',
        member: { add: 'Member added', role: 'Member role changed', remove: 'Member removed' },
        invitation: {
          create: 'Invitation sent',
          revoke: 'Invitation revoked',
          accept: 'Invitation accepted',
        },
      },
      user: { update: 'User details changed' },
      firm: { create: 'Office registered', update: 'Office details changed' },
      seed: { demo: 'Demo data created' },
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
    invalidEmail: 'Enter the email address in the form name@example.com',
    invalidPhone: 'Start the phone number with + and the country code (e.g. +81 3-1234-5678)',
    phoneCharacters: 'Use only digits, + and - in the phone number',
    invalidNumber: 'Enter a number',
    integerRange: 'Enter a whole number from {{min}} to {{max}}',
    numberRange: 'Enter a number from {{min}} to {{max}} (decimals allowed)',
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
    invalidUrl: 'Enter a URL starting with http:// or https://',
    invalidLanguage: 'Choose a language from the list',
    selectAtLeastOne: 'Choose at least one',
  },
  deadline: {
    jp: {
      patent: {
        examinationRequest: {
          name: 'Examination request deadline',
          rule: '3 years from the filing date (the international filing date for PCT national-phase cases)',
        },
        firstAnnuities: {
          name: 'Annuities for years 1 to 3',
          rule: 'Within 30 days of service of the decision to grant (extendable by 30 days on request)',
        },
        annuity: {
          name: 'Annuity',
          rule: 'From year 4, each year by the anniversary of the registration date; up to 6 months late at double the fee',
        },
        termExpiry: {
          name: 'Term expiry',
          rule: '20 years from the filing date (a term extension of up to 5 years is not included)',
        },
      },
      utilityModel: {
        annuity: {
          name: 'Annuity',
          rule: 'From year 4, each year by the anniversary of the registration date; up to 6 months late at double the fee',
        },
        termExpiry: { name: 'Term expiry', rule: '10 years from the filing date' },
      },
      design: {
        annuity: {
          name: 'Annuity',
          rule: 'From year 2, each year by the anniversary of the registration date; up to 6 months late at double the fee',
        },
        termExpiry: {
          name: 'Term expiry',
          rule: '25 years from filing for applications filed on or after 1 April 2020; earlier ones 20 years from registration',
        },
      },
      trademark: {
        termExpiry: {
          name: 'Term expiry',
          rule: '10 years from the registration date (10 more with each renewal)',
        },
        secondHalf: {
          name: 'Second half of the split fee',
          rule: 'By 5 years before the term ends; up to 6 months late at double the fee',
        },
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
    us: {
      patent: {
        maintenanceFee: {
          name: 'Maintenance fee (US)',
          rule: '3.5, 7.5 and 11.5 years after grant (payable from 6 months before; up to 6 months late with a surcharge)',
        },
      },
    },
    ep: {
      patent: {
        renewalFee: {
          name: 'Renewal fee (EP)',
          rule: 'From year 3, by the last day of the month of the filing anniversary (up to 6 months late with a 50% surcharge)',
        },
      },
    },
    shift: {
      weekend: 'Moved to the next business day: Saturday or Sunday',
      holiday: 'Moved to the next business day: {{name}}',
      yearEnd: 'Moved to the next business day: year-end closure (29 December to 3 January)',
    },
    caveat: {
      noOfficeCalendar: "This office's closing days are not applied to the date.",
      secondarySource: 'This rule is not confirmed by an official source (based on secondary sources).',
    },
    computed: 'Computed',
    unconfirmed: 'This rule is not confirmed. Always check.',
  },
  /** Column labels of the matter list's CSV (the same words as the list's headers). */
  projectCsv: {
    column: {
      family: 'Family',
      refrenceCode: 'Reference',
      type: 'Right type',
      region: 'Country / region',
      title: 'Title',
      status: 'Status',
      applicationCode: 'Application no.',
      applicationDate: 'Filing date',
      registCode: 'Registration no.',
      requestCount: 'Requests',
      updateDate: 'Updated',
    },
  },
  apiError: {
    userFetchFailed: 'Failed to fetch the user',
    userUpdateFailed: 'Failed to update the user',
    projectRegistrationFailed: 'Failed to register the matter',
    projectUpdateFailed: 'Failed to update the matter',
    projectDeletionFailed: 'Failed to delete the matter',
    projectListFetchFailed: 'Failed to fetch the matter list',
    projectCsvExportFailed: 'Failed to export the matter list as CSV',
    notLoggedIn: 'Not logged in',
    attributeDoesNotExist: 'The attribute does not exist',
    invalidTokenFormat: 'Invalid token format',
    invalidUserPool: 'The user pool is invalid',
    requestRegistrationFailed: 'Failed to register the request',
    requestUpdateFailed: 'Failed to update the request',
    firmUpdateFailed: 'Failed to update the office information',
    pensionUpdateFailed: 'Failed to record the annuity',
  },
} satisfies DomainMessageTree;
