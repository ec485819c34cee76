import { CaseType } from '@ipportal/domain';
import type { ApplicantRole } from '@ipportal/domain';

/** The groups of plain values a matter's detail shows. */
export type SpecGroupName = 'application' | 'registration' | 'maintenance' | 'international';

/** What the matter detail shows for one right type. */
export interface RightTypeFields {
  /** Label of the matter's `name` (the title of the invention, device, design article); null: none. */
  nameLabelKey: string | null;
  /** Label of the registration number. */
  registCodeLabelKey: string;
  /**
   * Fields of the groups that the right type does not have. They stay stored (a matter whose
   * type was corrected keeps them) and are saved back unchanged, but are neither shown nor edited.
   */
  hiddenFields: Partial<Record<SpecGroupName, readonly string[]>>;
  /** International (PCT) filing: patents and utility models only; designs and trademarks file internationally under other treaties. */
  international: boolean;
  /** The trademark group (image, goods and services, classes). */
  trademark: boolean;
  /** Title of the people group. */
  applicantsTitleKey: string;
  /** Label of each role; a role missing here is not offered (a trademark has no inventor). */
  roleLabelKeys: Partial<Record<ApplicantRole, string>>;
  /** Contribution to the invention or creation (inventors' shares); trademarks have none. */
  contribution: boolean;
}

const applicantAndAgent = {
  applicant: 'projects.applicantRole.applicant',
  agent: 'projects.applicantRole.agent',
} as const;

/**
 * The fields of each right type. A patent has every field. A utility model is registered without
 * examination, so it has no examination request. A design has a single claim, is not laid open
 * before registration and is filed abroad under the Hague Agreement, not the PCT. A trademark has
 * no claims, no inventor and no examination request, and is filed abroad under the Madrid
 * Protocol; it has its own group (mark, goods and services, classes). The date the decision to
 * grant was served is a patent's field only: it dates the payment of years 1-3, while the other
 * rights' first payments are not computed.
 */
export const rightTypeFields: Record<CaseType, RightTypeFields> = {
  [CaseType.Patent]: {
    nameLabelKey: 'projects.field.inventionName',
    registCodeLabelKey: 'projects.field.patentNumber',
    hiddenFields: {},
    international: true,
    trademark: false,
    applicantsTitleKey: 'projects.group.applicants',
    roleLabelKeys: { ...applicantAndAgent, inventor: 'projects.applicantRole.inventor' },
    contribution: true,
  },
  [CaseType.UtilityModel]: {
    nameLabelKey: 'projects.field.deviceName',
    registCodeLabelKey: 'projects.field.registrationNumber',
    hiddenFields: {
      application: ['examRequestPeriod', 'examRequestDate'],
      registration: ['grantDecisionDate'],
    },
    international: true,
    trademark: false,
    applicantsTitleKey: 'projects.group.applicantsUtilityModel',
    roleLabelKeys: { ...applicantAndAgent, inventor: 'projects.applicantRole.deviser' },
    contribution: true,
  },
  [CaseType.Design]: {
    nameLabelKey: 'projects.field.designArticle',
    registCodeLabelKey: 'projects.field.registrationNumber',
    hiddenFields: {
      application: ['publicationCode', 'publicationDate', 'examRequestPeriod', 'examRequestDate'],
      registration: ['claimsCount', 'grantDecisionDate'],
    },
    international: false,
    trademark: false,
    applicantsTitleKey: 'projects.group.applicantsDesign',
    roleLabelKeys: { ...applicantAndAgent, inventor: 'projects.applicantRole.creator' },
    contribution: true,
  },
  [CaseType.Trademark]: {
    nameLabelKey: null,
    registCodeLabelKey: 'projects.field.registrationNumber',
    hiddenFields: {
      application: ['examRequestPeriod', 'examRequestDate'],
      registration: ['claimsCount', 'grantDecisionDate'],
    },
    international: false,
    trademark: true,
    applicantsTitleKey: 'projects.group.applicantsTrademark',
    roleLabelKeys: applicantAndAgent,
    contribution: false,
  },
};

/** The fields of a right type; an unknown code (a newer server) reads as a patent, the full set. */
export function fieldsOf(type: number): RightTypeFields {
  return rightTypeFields[type as CaseType] ?? rightTypeFields[CaseType.Patent];
}
