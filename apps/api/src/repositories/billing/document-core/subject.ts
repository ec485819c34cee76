import { japanTimeZone, type BillingSubject } from '@ipportal/domain';
import { eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import {
  firms,
  organizations,
  projects,
  requests,
  type deals,
  type invoices,
} from '../../../db/schema/index.js';
import { billedUser, clientIdSql, clientNameSql } from './parties.js';

/*
 * What a document's rows are read and searched with: its matter and request (the subject), its
 * office and its client, each joined the same way for estimates and invoices.
 */

/** The columns a document is shown with besides its own row (join them with `joinSubjectAndParties`). */
export const subjectColumns = {
  refrenceCode: projects.refrenceCode,
  projectTitle: projects.title,
  requestNumber: requests.number,
  requestName: requests.name,
  firmName: firms.name,
  clientId: clientIdSql,
  clientName: clientNameSql,
};

type DocumentTable = typeof deals | typeof invoices;

/**
 * The request, matter, office and billed client of each row of `table`, on a dynamic select
 * (`.$dynamic()`) whose selection was chosen before the joins, so its result type stays as it is.
 */
export function joinSubjectAndParties<T extends PgSelect>(select: T, table: DocumentTable): T {
  return select
    .innerJoin(requests, eq(requests.id, table.requestId))
    .innerJoin(projects, eq(projects.id, table.projectId))
    .innerJoin(firms, eq(firms.id, table.firmId))
    .leftJoin(organizations, eq(organizations.id, table.billedOrganizationId))
    .leftJoin(billedUser, eq(billedUser.id, table.billedUserId)) as unknown as T;
}

/** The subject's columns, for selects joining projects and requests. */
export function toSubject(row: {
  projectId: string;
  refrenceCode: string;
  projectTitle: string;
  requestNumber: number;
  requestName: string;
}): BillingSubject {
  return {
    projectId: row.projectId,
    refrenceCode: row.refrenceCode,
    projectTitle: row.projectTitle,
    requestId: row.requestNumber,
    requestName: row.requestName,
  };
}

/** A document's subject, office and client as its summary names them (a row of `subjectColumns`). */
export function namesOf(
  row: Parameters<typeof toSubject>[0] & {
    firmId: string;
    firmName: string;
    clientId: string;
    clientName: string;
  },
) {
  return {
    subject: toSubject(row),
    firm: { id: row.firmId, name: row.firmName },
    client: { id: row.clientId, name: row.clientName },
  };
}

/** A LIKE pattern that matches `text` literally anywhere. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** An instant as its Japanese calendar day. */
export function tokyoDay(column: SQL | AnyColumn): SQL<string> {
  return sql<string>`((${column}) at time zone ${sql.raw(`'${japanTimeZone}'`)})::date`;
}
