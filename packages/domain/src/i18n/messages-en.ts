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
      declined: 'Declined',
      withdrawn: 'Withdrawn',
      superseded: 'Revised',
      expired: 'Expired',
    },
    invoiceStatus: { draft: 'Draft', issued: 'Issued', paid: 'Paid', void: 'Void' },
    invoiceKind: { invoice: 'Invoice', creditNote: 'Credit note' },
    taxClass: {
      taxable10: 'Taxable 10%',
      nonTaxable: 'Non-taxable (stamps, official fees)',
      outOfScope: 'Out of scope (foreign costs)',
    },
    paymentStatus: { recorded: 'Awaiting confirmation', confirmed: 'Confirmed' },
    bankFeeBearer: { payer: 'Bank fee paid by the payer', payee: 'Bank fee paid by the payee' },
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
        concierge: { start: 'Concierge service started', paid: 'Concierge fee received' },
      },
      estimate: {
        send: 'Estimate sent',
        revise: 'Estimate revised',
        withdraw: 'Estimate withdrawn',
        accept: 'Estimate accepted (order placed)',
        decline: 'Estimate declined',
        expire: 'Estimate expired',
      },
      invoice: {
        issue: 'Invoice issued',
        void: 'Invoice voided',
        creditNote: 'Credit note issued',
        paid: 'Invoice paid in full',
      },
      payment: { record: 'Transfer recorded', confirm: 'Payment confirmed' },
      pension: {
        payment: { record: 'Annuity payment recorded' },
        decision: { set: 'Annuity decision' },
        settings: { update: 'Fee reduction changed' },
        right: { restore: 'Right restored (late or restoration payment)' },
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
        member: {
          add: 'Member added',
          role: 'Member role changed',
          remove: 'Member removed',
          twoFactorReset: 'Member two-factor sign-in reset',
        },
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
    invalidPhone:
      'Enter the phone number from the area code (e.g. 03-1234-5678), or with + and the country code for a number abroad',
    phoneCharacters: 'Use only digits, + and - in the phone number',
    invalidNumber: 'Enter a number',
    halfWidthNumber: 'Enter the number in digits (e.g. 300000 or 300,000)',
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
    futureDate: 'The date cannot be later than today (Japan time)',
    invalidLocale: 'Choose Japanese or English',
    invalidId: 'Invalid ID',
    tooLong: 'Use at most {{max}} characters',
    invalidValue: 'Invalid value',
    invalidUrl: 'Enter a URL starting with http:// or https://',
    invalidLanguage: 'Choose a language from the list',
    selectAtLeastOne: 'Choose at least one',
    invalidCurrency: 'Enter the currency as three capital letters such as JPY, USD or EUR',
    wholeYen: 'Enter yen amounts as whole numbers',
    exchangeRateRequired: 'Enter the exchange rate (yen per unit) for a foreign-currency line',
    invalidQualifiedInvoiceNumber: 'Enter the registration number as T and 13 digits (e.g. T1234567890123)',
    invalidEpcState: 'Choose the validation states from the EPC contracting states',
    duplicateEpcState: 'A state is listed twice',
    unitaryStateValidated:
      'States covered by the unitary effect ({{states}}) cannot also be recorded as national validations',
    positiveRate: 'Enter the exchange rate as a number greater than 0 (yen per unit, up to 4 decimals)',
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
        restoration: {
          name: 'Restoration of the patent (late annuity)',
          rule: 'Within 1 year after the late-payment period (if not intentional; a statement of reasons and a restoration fee are needed)',
        },
      },
      utilityModel: {
        annuity: {
          name: 'Annuity',
          rule: 'From year 4, each year by the anniversary of the registration date; up to 6 months late at double the fee',
        },
        termExpiry: { name: 'Term expiry', rule: '10 years from the filing date' },
        restoration: {
          name: 'Restoration of the utility model (late annuity)',
          rule: 'Within 1 year after the late-payment period (if not intentional; a statement of reasons and a restoration fee are needed)',
        },
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
        restoration: {
          name: 'Restoration of the design (late annuity)',
          rule: 'Within 1 year after the late-payment period (if not intentional; a statement of reasons and a restoration fee are needed)',
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
        restoration: {
          name: 'Restoration of the trademark',
          rule: 'Within 6 months after the late-renewal period (for the second half, the late-payment period), if not intentional',
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
        delayedMaintenanceFee: {
          name: 'Petition to accept a delayed maintenance fee (US)',
          rule: '2 years from the expiry (no time limit, but after 2 years the USPTO asks for the reasons for the whole delay)',
        },
      },
    },
    ep: {
      patent: {
        renewalFee: {
          name: 'Renewal fee (EP)',
          rule: 'From year 3, by the last day of the month of the filing anniversary (up to 6 months late with a 50% surcharge)',
        },
        reestablishment: {
          name: 'Re-establishment of rights (EP)',
          rule: 'Within 1 year of the end of the grace period (and 2 months of the removal of the cause)',
        },
      },
      unitary: {
        renewalFee: {
          name: 'Unitary Patent renewal fee due',
          rule: 'From the year after the mention of grant, by the last day of the month of the filing anniversary (payable 3 months early; 6 months late with 50% added)',
        },
      },
      national: {
        DE: {
          renewalFee: {
            name: 'Renewal fee due (Germany)',
            rule: 'From the year after the mention of grant, by the last day of the month of the filing anniversary (no surcharge until the end of the 2nd month after; with EUR 50 added until the end of the 6th). A fee falling due within 2 months of the mention of grant may be paid without surcharge until those 2 months end (EPC Art. 141(2))',
          },
        },
        FR: {
          renewalFee: {
            name: 'Renewal fee due (France)',
            rule: 'From the year after the mention of grant, by the last day of the month of the filing anniversary (6 months late with 50% added). A fee falling due within 2 months of the mention of grant may be paid without surcharge until those 2 months end (EPC Art. 141(2))',
          },
        },
        GB: {
          renewalFee: {
            name: 'Renewal fee due (United Kingdom)',
            rule: 'From the 5th year and the year after the mention of grant, by the last day of the month of the filing anniversary (no surcharge in the first month after; then £24 for each month up to 6). A fee falling due within 2 months of the mention of grant may be paid without surcharge until those 2 months end (EPC Art. 141(2))',
          },
        },
        IT: {
          renewalFee: {
            name: 'Renewal fee due (Italy)',
            rule: 'From the 5th year and the year after the mention of grant, by the last day of the month of the filing anniversary (6 months late with EUR 100 added). A fee falling due within 2 months of the mention of grant may be paid without surcharge until those 2 months end (EPC Art. 141(2))',
          },
        },
        ES: {
          renewalFee: {
            name: 'Renewal fee due (Spain)',
            rule: 'From the year after the mention of grant, by the last day of the month of the filing anniversary (3 months without surcharge, then 3 with 25% and 3 more with 50% added). A fee falling due within 2 months of the mention of grant may be paid without surcharge until those 2 months end (EPC Art. 141(2))',
          },
        },
        NL: {
          renewalFee: {
            name: 'Renewal fee due (Netherlands)',
            rule: 'From the 4th year and the year after the mention of grant, by the last day of the month of the filing anniversary (6 months late with 50% added). A fee falling due within 2 months of the mention of grant may be paid without surcharge until those 2 months end (EPC Art. 141(2))',
          },
        },
        CH: {
          renewalFee: {
            name: 'Renewal fee due (Switzerland/Liechtenstein)',
            rule: 'From the 4th year and the year after the mention of grant, by the last day of the month of the filing anniversary (3 months without surcharge, 3 more with CHF 50). A fee falling due within 2 months of the mention of grant may be paid without surcharge until those 2 months end (EPC Art. 141(2))',
          },
        },
        SE: {
          renewalFee: {
            name: 'Renewal fee due (Sweden)',
            rule: 'From the year after the mention of grant, by the last day of the month of the filing anniversary (6 months late with 20% added). A fee falling due within 2 months of the mention of grant may be paid without surcharge until those 2 months end (EPC Art. 141(2))',
          },
        },
        AT: {
          renewalFee: {
            name: 'Renewal fee due (Austria)',
            rule: 'From the 6th year and the year after the mention of grant, by the last day of the month of the filing anniversary (6 months late with 20% added; the first fee paid to the office: 3 months without surcharge, then with 20% until the end of the 12th month). A fee falling due within 2 months of the mention of grant may be paid without surcharge until those 2 months end (EPC Art. 141(2))',
          },
        },
        BE: {
          renewalFee: {
            name: 'Renewal fee due (Belgium)',
            rule: 'From the year after the mention of grant, by the last day of the month of the filing anniversary (6 months late with EUR 85 added for years 3-10, EUR 230 for years 11-20). A fee falling due within 2 months of the mention of grant may be paid without surcharge until those 2 months end (EPC Art. 141(2))',
          },
        },
      },
    },
    shift: {
      weekend: 'Moved to the next business day: Saturday or Sunday',
      holiday: 'Moved to the next business day: {{name}}',
      yearEnd: 'Moved to the next business day: year-end closure (29 December to 3 January)',
    },
    closedBy: {
      done: 'Completed by {{fact}} ({{date}})',
      implied: 'Completed by {{fact}} ({{date}})',
      notApplicable: 'Not needed after {{fact}} ({{date}})',
      doneUndated: 'Completed by {{fact}}',
      impliedUndated: 'Completed by {{fact}}',
      notApplicableUndated: 'Not needed after {{fact}}',
      lapsed: '{{fact}}',
      lapsedUndated: '{{fact}}',
    },
    fact: {
      examinationRequest: 'examination request',
      grantDecision: 'decision to grant',
      registration: 'registration',
      nationalEntry: 'national phase entry',
      jpLatePaymentPassed: 'Lapsed (late-payment period passed)',
      jpLateRenewalPassed: 'Lapsed (late-renewal period passed)',
      usGracePassed: 'Expired (grace period passed)',
      epGracePassed: 'Deemed withdrawn (grace period passed)',
      restorationPassed: 'Restoration period passed',
      rightLapsed: 'the right lapsed',
      applicationWithdrawn: 'the application was deemed withdrawn',
    },
    caveat: {
      noOfficeCalendar: "This office's closing days are not applied to the date.",
      weekendsOnly:
        'A last day on a weekend is moved to the Monday; the holidays of the office where the act is done (receiving office, International Bureau, designated office) are not applied.',
      secondarySource: 'This rule is not confirmed by an official source (based on secondary sources).',
      softLimit: 'Not a legal time limit: the act is still possible later, with heavier requirements.',
      unitaryRegistration:
        'A year falling due around the communication registering unitary effect (Rule 7(1) UPR) may be payable until 3 months after it; that date is not recorded, so it is not applied.',
    },
    computed: 'Computed',
    unconfirmed: 'This rule is not confirmed. Always check.',
  },
  /** Column labels of the matter list's CSV (the same words as the list's headers). */
  forecastCsv: {
    column: {
      calendarYear: 'Year',
      dueDate: 'Due date',
      refrenceCode: 'Reference',
      title: 'Title',
      region: 'Country/region',
      year: 'Year of the right',
      amount: 'Amount',
      currency: 'Currency',
      rate: 'Exchange rate (JPY)',
      rateSetOn: 'Rate set on',
      yen: 'Amount in JPY',
      abandoned: 'To be abandoned',
    },
    yes: 'To be abandoned',
  },
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
    exchangeRatesUpdateFailed: 'Failed to save the exchange rates',
    forecastPlanUpdateFailed: 'Failed to change the matters to be abandoned',
    forecastCsvFailed: 'Failed to create the annuity forecast CSV',
  },
} satisfies DomainMessageTree;
