import { CaseType, ProgressStatus, RegionCode } from '@ipportal/domain';
import type { projectParties, projectPriorityClaims, projects } from '../db/schema/index.js';

type ProjectInsert = Omit<typeof projects.$inferInsert, 'ownerUserId' | 'organizationId'>;
type PartyInsert = Omit<typeof projectParties.$inferInsert, 'projectId'>;
type PriorityInsert = Omit<typeof projectPriorityClaims.$inferInsert, 'projectId'>;

export interface DemoMatter {
  project: ProjectInsert;
  parties?: PartyInsert[];
  priorityClaims?: PriorityInsert[];
  /**
   * Annuities recorded as paid (on /pension), each priced by the official fee table in force on
   * the day it was paid: the years registration paid are not among them.
   */
  payments?: { yearFrom: number; yearTo: number; paidOn: string }[];
  /**
   * One request about this matter to the demo firm, with what happened to it (hours before the
   * seed runs). Its status follows: accepted is in progress (2), completed is done (3).
   */
  request?: {
    name: string;
    type: 'estimate' | 'other';
    content: string;
    sentHoursAgo: number;
    acceptedHoursAgo?: number;
    /** Only after `acceptedHoursAgo`. */
    completedHoursAgo?: number;
    /** Its mail thread, oldest first; unread mails show as counts in both sides' request lists. */
    mails?: DemoMail[];
    /**
     * Its chat room, oldest first. Both demo users have read all of it: the seed sent nothing,
     * so no one is owed the offline digest, and the sidebars start without chat counts.
     */
    chat?: DemoChatMessage[];
  };
}

export interface DemoChatMessage {
  from: 'client' | 'office';
  body: string;
  hoursAgo: number;
  /** Whether it mentions the other side's demo user. */
  mentionsOther?: boolean;
}

export interface DemoMail {
  from: 'client' | 'office';
  subject: string;
  body: string;
  hoursAgo: number;
  read: boolean;
}

export const demoPassword = 'Demo-Pass1';

/** How long ago the demo organization was set up, and its matters registered (before any request). */
export const demoOrganizationAgeHours = 24 * 120;
export const demoMatterAgeHours = 24 * 90;

export const demoRegularUser = {
  email: 'demo@example.com',
  name: '山田 太郎',
  address: '東京都千代田区丸の内1-1-1',
  phoneNumber: '+81312345678',
  regionCode: RegionCode.Japan,
};

export const demoOrganization = { name: '株式会社サンプル技研', representativeName: '山田 太郎' };

export const demoPatentUser = {
  email: 'firm@example.com',
  name: '佐藤 花子',
  address: '東京都千代田区丸の内2-2-2 さくらビル8階',
  phoneNumber: '+81352123456',
  regionCode: RegionCode.Japan,
};

export const demoFirm = {
  name: 'さくら国際特許事務所',
  nameEn: 'Sakura International Patent Office',
  officeType: 'patentAttorney' as const,
  regionCode: RegionCode.Japan,
  postalCode: '100-0005',
  address: '東京都千代田区丸の内2-2-2 さくらビル8階',
  phoneNumber: '+81352123456',
  email: 'info@sakura-ip.example.com',
  website: 'https://sakura-ip.example.com',
  representativeName: '佐藤 花子',
  registrationNumber: '弁理士登録番号 第12345号',
  caseTypes: [CaseType.Patent, CaseType.UtilityModel, CaseType.Trademark, CaseType.Design],
  regionCodes: [
    RegionCode.Japan,
    RegionCode.UnitedStates,
    RegionCode.China,
    RegionCode.Europe,
    RegionCode.Pct,
  ],
  languages: ['ja', 'en'],
  technicalFields: ['電池材料', '半導体', '化学', 'ソフトウェア'],
  feeNotes:
    '見積は無料です。国内特許出願は着手金 20 万円〜、外国出願は現地代理人費用を含めて個別にお見積りします。',
  description:
    '電池材料・半導体分野の特許出願と、国内外の商標出願を中心に扱う特許事務所です。PCT 出願と米国・欧州への移行手続に対応し、英語での打合せも可能です。',
  acceptingRequests: true,
};

/** The concierge's user (ADR 0019): a PATENT user of the operator's concierge office. */
export const demoConciergeUser = {
  email: 'concierge@example.com',
  name: '高橋 美咲',
  address: '東京都港区虎ノ門1-1-1',
  phoneNumber: '+81355550000',
  regionCode: RegionCode.Japan,
};

/** The portal operator's concierge office: coordinates requests for a fee, never in the directory. */
export const demoConciergeFirm = {
  name: 'IPポータル コンシェルジュ',
  nameEn: 'IP Portal Concierge',
  officeType: 'patentAttorney' as const,
  regionCode: RegionCode.Japan,
  postalCode: '105-0001',
  address: '東京都港区虎ノ門1-1-1',
  phoneNumber: '+81355550000',
  email: 'concierge@ipportal.example.com',
  representativeName: '高橋 美咲',
  caseTypes: [CaseType.Patent, CaseType.UtilityModel, CaseType.Trademark, CaseType.Design],
  regionCodes: [RegionCode.Japan],
  languages: ['ja', 'en'],
  acceptingRequests: false,
  concierge: true,
  qualifiedInvoiceNumber: 'T1010001000001',
  bankAccount: 'みずほ銀行 虎ノ門支店 普通 7654321 アイピーポータル（カ',
};

const sampleGiken: PartyInsert = {
  role: 'applicant',
  position: 0,
  identificationNumber: '523012345',
  name: '株式会社サンプル技研',
  nameEn: 'Sample Giken Co., Ltd.',
  address: '東京都千代田区丸の内1-1-1',
  regionCode: RegionCode.Japan,
  shareRatio: '100',
};

const cathodeInventors: PartyInsert[] = [
  {
    role: 'inventor',
    position: 0,
    name: '鈴木 一郎',
    nameEn: 'Ichiro Suzuki',
    address: '東京都千代田区丸の内1-1-1 株式会社サンプル技研内',
    contribution: '60',
  },
  {
    role: 'inventor',
    position: 1,
    name: '田中 美咲',
    nameEn: 'Misaki Tanaka',
    address: '東京都千代田区丸の内1-1-1 株式会社サンプル技研内',
    contribution: '40',
  },
];

const cathodePriority: PriorityInsert[] = [
  {
    position: 0,
    regionCode: RegionCode.Japan,
    baseApplicationNumber: '特願2024-012345',
    baseApplicationDate: '2024-01-30',
    accessCode: '3F7A',
  },
];

/**
 * A coherent portfolio of 14 matters a patent attorney would find plausible: patents (a JP
 * application with its PCT, US and EP phases, a granted JP/US family, a granted EP), a utility
 * model, a design and trademarks, numbers in each office's format. Each matter's facts agree with
 * its deadlines (test/deadlines/demo-facts.test.ts): nothing is overdue that its record shows was
 * met.
 */
export const demoMatters: DemoMatter[] = [
  {
    project: {
      type: CaseType.Patent,
      refrenceCode: 'P-2024-001',
      regionCode: RegionCode.Japan,
      title: 'リチウムイオン二次電池用正極材料',
      name: 'リチウムイオン二次電池用正極活物質及びその製造方法',
      status: ProgressStatus.InProgress,
      family: '正極材料',
      applicationCode: '特願2024-012345',
      applicationDate: '2024-01-30',
      publicationCode: '特開2025-101234',
      publicationDate: '2025-08-01',
      priorityPeriod: '2025-01-30',
      examRequestPeriod: '2027-01-30',
      accessCode: '3F7A',
      rightsStatus: 'unregistered',
    },
    parties: [sampleGiken, ...cathodeInventors],
    request: {
      name: '審査請求および拒絶理由対応の見積',
      type: 'estimate',
      content: '審査請求の手続と、想定される拒絶理由通知への応答費用の見積をお願いします。',
      sentHoursAgo: 96,
      acceptedHoursAgo: 72,
      mails: [
        {
          from: 'client',
          subject: '審査請求の時期について',
          body: '審査請求期限（2027年1月30日）までに請求したいと考えています。費用の概算もあわせてお知らせください。',
          hoursAgo: 50,
          read: true,
        },
        {
          from: 'office',
          subject: 'Re: 審査請求の時期について',
          body: '承知しました。審査請求料と拒絶理由対応の概算を今週中にお送りします。先行技術調査の有無もお知らせください。',
          hoursAgo: 3,
          read: false,
        },
      ],
    },
  },
  {
    project: {
      type: CaseType.Patent,
      refrenceCode: 'P-2024-002',
      regionCode: RegionCode.Pct,
      title: 'Cathode active material for lithium-ion secondary battery',
      name: 'Cathode active material for lithium-ion secondary battery and method for producing the same',
      status: ProgressStatus.Done,
      family: '正極材料',
      applicationCode: 'PCT/JP2025/001234',
      applicationDate: '2025-01-29',
      publicationCode: 'WO 2025/163456',
      publicationDate: '2025-08-07',
      intlApplicationNumber: 'PCT/JP2025/001234',
      intlApplicationDate: '2025-01-29',
      intlPublicationNumber: 'WO 2025/163456',
      intlPublicationDate: '2025-08-07',
      searchReportTransmittalDate: '2025-05-20',
      // 30 months from the earliest priority date (2024-01-30); EPO 31 months.
      nationalTransitionDeadline: '2026-07-30',
      // Later of 2 months from the ISR transmittal and 16 months from priority (PCT Rule 46.1).
      article19AmendmentDeadline: '2025-07-20',
      // Later of 3 months from the ISR/WO transmittal and 22 months from priority (Rule 54bis.1).
      preliminaryExamDeadline: '2025-11-30',
    },
    parties: [sampleGiken, ...cathodeInventors],
    priorityClaims: cathodePriority,
  },
  {
    project: {
      type: CaseType.Patent,
      refrenceCode: 'P-2024-003',
      regionCode: RegionCode.UnitedStates,
      title: 'Cathode active material for lithium-ion secondary battery',
      name: 'Cathode active material for lithium-ion secondary battery and method for producing the same',
      status: ProgressStatus.InProgress,
      family: '正極材料',
      applicationCode: '19/234,567',
      // The US national stage of PCT/JP2025/001234 (35 U.S.C. 371): its filing date is the
      // international one, and naming the PCT application closes its entry deadline there.
      applicationDate: '2025-01-29',
      intlApplicationNumber: 'PCT/JP2025/001234',
      intlApplicationDate: '2025-01-29',
      rightsStatus: 'unregistered',
    },
    parties: [sampleGiken, ...cathodeInventors],
    priorityClaims: cathodePriority,
  },
  {
    project: {
      type: CaseType.Patent,
      refrenceCode: 'P-2024-004',
      regionCode: RegionCode.Europe,
      title: 'Cathode active material for lithium-ion secondary battery',
      name: 'Cathode active material for lithium-ion secondary battery and method for producing the same',
      status: ProgressStatus.InProgress,
      family: '正極材料',
      applicationCode: 'EP 25 746 512.3',
      // The European phase of PCT/JP2025/001234 (Euro-PCT): filed as of the international date.
      applicationDate: '2025-01-29',
      intlApplicationNumber: 'PCT/JP2025/001234',
      intlApplicationDate: '2025-01-29',
      rightsStatus: 'unregistered',
    },
    parties: [sampleGiken, ...cathodeInventors],
    priorityClaims: cathodePriority,
  },
  {
    project: {
      type: CaseType.Patent,
      refrenceCode: 'P-2021-010',
      regionCode: RegionCode.Japan,
      title: '半導体パッケージの放熱構造',
      name: '半導体パッケージの放熱構造及び電子機器',
      status: ProgressStatus.Done,
      family: '放熱構造',
      applicationCode: '特願2021-098765',
      applicationDate: '2021-06-15',
      publicationCode: '特開2022-187654',
      publicationDate: '2022-12-22',
      examRequestDate: '2021-06-15',
      grantDecisionDate: '2023-04-04',
      registCode: '特許第7234567号',
      registDate: '2023-05-10',
      issueDate: '2023-05-18',
      officialPublicationDate: '2023-05-18',
      claimsCount: 8,
      durationExpiry: '2041-06-15',
      rightsStatus: 'registering',
      registrationFeePaymentDate: '2023-04-20',
      maintenanceYearFrom: 1,
      maintenanceYearTo: 3,
      nextPaymentDate: '2026-05-10',
      maintenanceDueDate: '2026-05-10',
      paymentYear: 4,
      paymentDate: '2026-04-15',
    },
    parties: [
      sampleGiken,
      { role: 'inventor', position: 0, name: '高橋 健', nameEn: 'Ken Takahashi', contribution: '100' },
    ],
    // Year 4 (due 2026-05-11) paid in April; year 5 falls due 2027-05-10.
    payments: [{ yearFrom: 4, yearTo: 4, paidOn: '2026-04-15' }],
  },
  {
    project: {
      type: CaseType.Patent,
      refrenceCode: 'P-2022-004',
      regionCode: RegionCode.UnitedStates,
      title: 'Heat dissipation structure for semiconductor package',
      name: 'Heat dissipation structure for semiconductor package and electronic device',
      status: ProgressStatus.Done,
      family: '放熱構造',
      applicationCode: '17/456,789',
      applicationDate: '2022-03-08',
      publicationCode: 'US 2022/0285432 A1',
      publicationDate: '2022-09-08',
      registCode: 'US 11,876,543 B2',
      registDate: '2024-01-23',
      issueDate: '2024-01-23',
      claimsCount: 12,
      durationExpiry: '2042-03-08',
      rightsStatus: 'registering',
      // First maintenance fee due 3.5 years after issue (window opens at 3 years).
      nextPaymentDate: '2027-01-23',
      maintenanceDueDate: '2027-07-23',
    },
    priorityClaims: [
      {
        position: 0,
        regionCode: RegionCode.Japan,
        baseApplicationNumber: '特願2021-098765',
        baseApplicationDate: '2021-06-15',
      },
    ],
  },
  {
    project: {
      type: CaseType.Patent,
      refrenceCode: 'P-2025-001',
      regionCode: RegionCode.Japan,
      title: '全固体電池用固体電解質シート',
      name: '全固体電池用固体電解質シート及びその製造方法',
      status: ProgressStatus.NotStarted,
      rightsStatus: 'unregistered',
    },
    request: {
      name: '出願書類（明細書）作成の見積',
      type: 'estimate',
      content: '発明提案書を添付します。国内出願の明細書作成費用の見積をお願いします。',
      sentHoursAgo: 2,
      mails: [
        {
          from: 'client',
          subject: '明細書作成の希望納期',
          body: '学会発表の予定があるため、来月末までの出願を希望しています。対応可否をご確認ください。',
          hoursAgo: 1,
          read: false,
        },
      ],
    },
  },
  {
    project: {
      type: CaseType.Patent,
      refrenceCode: 'P-2023-007',
      regionCode: RegionCode.Europe,
      title: 'Method for recycling cathode materials',
      name: 'Method for recovering transition metals from spent cathode materials',
      status: ProgressStatus.Done,
      applicationCode: 'EP 23 156 789.0',
      applicationDate: '2023-02-14',
      publicationCode: 'EP 4 234 567 A1',
      publicationDate: '2024-08-28',
      registCode: 'EP 4 234 567 B1',
      // Mention of grant in patent year 4 (its fee, due 2026-02-28, went to the EPO); validated in
      // Germany, France, the UK and Italy, whose offices take the renewal fees from year 5
      // (2027-02-28).
      registDate: '2026-03-04',
      claimsCount: 15,
      durationExpiry: '2043-02-14',
      rightsStatus: 'registering',
      epValidatedStates: ['DE', 'FR', 'GB', 'IT'],
    },
  },
  {
    project: {
      type: CaseType.Trademark,
      refrenceCode: 'T-2024-001',
      regionCode: RegionCode.Japan,
      title: 'SAMPLETECH',
      status: ProgressStatus.InProgress,
      family: 'SAMPLETECH',
      applicationCode: '商願2024-034567',
      applicationDate: '2024-03-29',
      trademarkSearchText: 'サンプルテック',
      niceClasses: [9, 42],
      designatedGoodsClass: '第9類',
      designatedGoodsServices: '第9類 電池、蓄電池、充電器\n第42類 電池に関する試験・研究、電子機器の設計',
      designatedServices: '第42類 電池に関する試験・研究',
      rightsStatus: 'unregistered',
    },
    parties: [sampleGiken],
  },
  {
    project: {
      type: CaseType.Trademark,
      refrenceCode: 'T-2020-003',
      regionCode: RegionCode.Japan,
      title: 'サンプル電池',
      status: ProgressStatus.Done,
      applicationCode: '商願2020-012345',
      applicationDate: '2020-02-05',
      registCode: '登録第6345678号',
      registDate: '2020-12-01',
      // Trademark term: 10 years from registration; renewal window opens 6 months before.
      durationExpiry: '2030-12-01',
      trademarkSearchText: 'サンプルデンチ',
      niceClasses: [9],
      designatedGoodsServices: '第9類 電池、蓄電池',
      rightsStatus: 'registering',
    },
    parties: [sampleGiken],
  },
  {
    project: {
      type: CaseType.Trademark,
      refrenceCode: 'T-2024-002',
      regionCode: RegionCode.UnitedStates,
      title: 'SAMPLETECH',
      status: ProgressStatus.InProgress,
      family: 'SAMPLETECH',
      applicationCode: 'Serial No. 98/456,789',
      applicationDate: '2024-09-20',
      niceClasses: [9, 42],
      designatedGoodsServices:
        'Class 9: Batteries; rechargeable batteries; battery chargers\nClass 42: Testing and research in the field of batteries',
      rightsStatus: 'unregistered',
    },
    priorityClaims: [
      {
        position: 0,
        regionCode: RegionCode.Japan,
        baseApplicationNumber: '商願2024-034567',
        baseApplicationDate: '2024-03-29',
      },
    ],
    request: {
      name: 'Office action response (likelihood of confusion)',
      type: 'other',
      content: 'Please review the non-final office action and propose arguments.',
      sentHoursAgo: 720,
      acceptedHoursAgo: 700,
      completedHoursAgo: 48,
      chat: [
        {
          from: 'office',
          body: 'ご依頼ありがとうございます。拒絶理由（引用商標との類似）を確認しました。意見書の方針を今週中にご連絡します。',
          hoursAgo: 699,
        },
        {
          from: 'client',
          body: 'よろしくお願いします。SAMPLETECH の使用実績（売上と広告の記録）もお出しできます。',
          hoursAgo: 698,
        },
        {
          from: 'office',
          body: '使用実績の資料は取引者・需要者の認識を示すのに役立ちます。2020 年以降の分をご共有いただけますか。',
          hoursAgo: 690,
          mentionsOther: true,
        },
        { from: 'client', body: '承知しました。金曜日までにまとめてお送りします。', hoursAgo: 689 },
        {
          from: 'office',
          body: '意見書を提出しました。審査の結果が届きましたらお知らせします。',
          hoursAgo: 49,
        },
        { from: 'client', body: 'ありがとうございました。', hoursAgo: 48.5 },
      ],
    },
  },
  {
    project: {
      type: CaseType.Trademark,
      refrenceCode: 'T-2024-003',
      regionCode: RegionCode.Europe,
      title: 'SAMPLETECH',
      status: ProgressStatus.Done,
      family: 'SAMPLETECH',
      applicationCode: 'EUTM 018987654',
      applicationDate: '2024-09-26',
      registCode: 'EUTM 018987654',
      registDate: '2025-02-11',
      durationExpiry: '2034-09-26',
      niceClasses: [9, 42],
      designatedGoodsServices:
        'Class 9: Batteries; rechargeable batteries\nClass 42: Testing and research in the field of batteries',
      rightsStatus: 'registering',
    },
  },
  {
    // A JP utility model: registered without examination some months after filing, years 1-3
    // paid with the filing (UM Act Art. 32(1)); year 4 paid before its anniversary.
    project: {
      type: CaseType.UtilityModel,
      refrenceCode: 'U-2023-001',
      regionCode: RegionCode.Japan,
      title: '電池パック用固定具',
      name: '電池パック用固定具',
      status: ProgressStatus.Done,
      applicationCode: '実願2023-000812',
      applicationDate: '2023-03-14',
      registCode: '実用新案登録第3241567号',
      registDate: '2023-06-21',
      claimsCount: 3,
      durationExpiry: '2033-03-14',
      rightsStatus: 'registering',
    },
    parties: [
      sampleGiken,
      { role: 'inventor', position: 0, name: '鈴木 一郎', nameEn: 'Ichiro Suzuki', contribution: '100' },
    ],
    payments: [{ yearFrom: 4, yearTo: 4, paidOn: '2026-05-28' }],
  },
  {
    // A JP design (filed after 2020-04-01: 25 years from filing); year 1 paid at registration,
    // years 2-4 paid together, year 5 paid this autumn: year 6 falls due 2027-11-08.
    project: {
      type: CaseType.Design,
      refrenceCode: 'D-2022-001',
      regionCode: RegionCode.Japan,
      title: '充電器',
      name: '充電器',
      status: ProgressStatus.Done,
      applicationCode: '意願2022-007531',
      applicationDate: '2022-04-12',
      registCode: '意匠登録第1734567号',
      registDate: '2022-11-08',
      durationExpiry: '2047-04-12',
      rightsStatus: 'registering',
    },
    parties: [sampleGiken],
    payments: [
      { yearFrom: 2, yearTo: 4, paidOn: '2023-10-20' },
      { yearFrom: 5, yearTo: 5, paidOn: '2026-10-15' },
    ],
  },
  {
    // A JP patent that lapsed (docs/adr/0036): years 4-6 paid, year 7 (due 2025-12-17) not paid by
    // the end of its late period (追納, 2026-06-17) when the product line moved to another division.
    // The right is deemed lapsed (Patent Act Art. 112(4)); it may still be restored until 2027-06-17
    // (Art. 112-2), which /terms shows as the deadline ahead.
    project: {
      type: CaseType.Patent,
      refrenceCode: 'P-2017-012',
      regionCode: RegionCode.Japan,
      title: '冷却ファンの回転数制御装置',
      name: '冷却ファンの回転数制御装置及び制御方法',
      status: ProgressStatus.Done,
      applicationCode: '特願2017-176543',
      applicationDate: '2017-09-14',
      publicationCode: '特開2019-052468',
      publicationDate: '2019-03-28',
      examRequestDate: '2018-02-08',
      grantDecisionDate: '2019-11-19',
      registCode: '特許第6628415号',
      registDate: '2019-12-17',
      claimsCount: 6,
      durationExpiry: '2037-09-14',
      rightsStatus: 'registering',
    },
    parties: [
      sampleGiken,
      { role: 'inventor', position: 0, name: '高橋 健', nameEn: 'Ken Takahashi', contribution: '100' },
    ],
    payments: [
      { yearFrom: 4, yearTo: 4, paidOn: '2022-11-25' },
      { yearFrom: 5, yearTo: 5, paidOn: '2023-11-30' },
      { yearFrom: 6, yearTo: 6, paidOn: '2024-12-02' },
    ],
  },
];
