/** Texts by nested key (`code.caseType.0`), as i18next's resources take them. */
export interface DomainMessageTree {
  [key: string]: string | DomainMessageTree;
}
