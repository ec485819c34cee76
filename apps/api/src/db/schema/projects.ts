import { epcStates } from '@ipportal/domain';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { organizations, users } from './accounts.js';
import { auditColumns, createdColumns, idColumn, instant } from './columns.js';
import { files } from './files.js';

const day = (name: string) => date(name, { mode: 'string' });

/**
 * A matter. List fields first, then one block of columns per 1:1 detail group;
 * the 1:n groups (parties, priority claims) are child tables. Rows are never hard-deleted:
 * `deleted_at` moves a matter to the deleted tab.
 *
 * Scope: a matter belongs to its creator and, when the creator has one, their organization.
 * Organization members see the organization's matters; a user without one sees their own.
 */
export const projects = pgTable(
  'projects',
  {
    id: idColumn(),
    ownerUserId: uuid('owner_user_id')
      .notNull()
      .references(() => users.id),
    organizationId: uuid('organization_id').references(() => organizations.id),
    /** Case type: 0 patent, 1 utility model, 2 trademark, 3 design. */
    type: smallint('type').notNull(),
    /** Misspelled as in the existing API and its clients (docs/glossary.md): keep it. */
    refrenceCode: text('refrence_code').notNull(),
    regionCode: integer('region_code').notNull(),
    title: text('title').notNull(),
    /** Progress status: 0 not started, 1 in progress, 2 done. */
    status: smallint('status').notNull().default(0),
    concierge: text('concierge', { enum: ['notUsed', 'awaitingPayment', 'paid'] })
      .notNull()
      .default('notUsed'),
    /** Invention name (patent) or device name (utility model). */
    name: text('name'),
    /** Family name matters are grouped by on the list. */
    family: text('family'),

    // Trademark details.
    trademarkImageFileId: uuid('trademark_image_file_id').references(() => files.id),
    trademarkSearchText: text('trademark_search_text'),
    designatedGoodsServices: text('designated_goods_services'),
    niceClasses: smallint('nice_classes').array(),
    designatedGoodsClass: text('designated_goods_class'),
    designatedServices: text('designated_services'),

    // Application info.
    applicationCode: text('application_code'),
    applicationDate: day('application_date'),
    publicationCode: text('publication_code'),
    publicationDate: day('publication_date'),
    /** Last day to claim priority from this application. */
    priorityPeriod: day('priority_period'),
    examRequestPeriod: day('exam_request_period'),
    /** When examination was requested: picks the JP annuity fee table (before or from 2004-04-01). */
    examRequestDate: day('exam_request_date'),
    /** WIPO Digital Access Service code. */
    accessCode: text('access_code'),

    // Registration info.
    registCode: text('regist_code'),
    /** When the decision to grant was served: a JP patent's years 1-3 are due within 30 days. */
    grantDecisionDate: day('grant_decision_date'),
    registDate: day('regist_date'),
    issueDate: day('issue_date'),
    officialPublicationDate: day('official_publication_date'),
    claimsCount: integer('claims_count'),
    durationExpiry: day('duration_expiry'),
    rightsStatus: text('rights_status', { enum: ['unregistered', 'registering', 'expired'] }),

    // Maintenance info (the annuity schedule itself is in `pensions`).
    registrationFeePaymentDate: day('registration_fee_payment_date'),
    maintenanceYearFrom: smallint('maintenance_year_from'),
    maintenanceYearTo: smallint('maintenance_year_to'),
    nextPaymentDate: day('next_payment_date'),
    maintenanceDueDate: day('maintenance_due_date'),
    paymentYear: smallint('payment_year'),
    paymentDate: day('payment_date'),
    /** The official fee reduction the right holder qualifies for (domain `feeReductions`); null: none. */
    feeReduction: text('fee_reduction', { enum: ['jpSme', 'jpSmallCompany', 'usSmall', 'usMicro'] }),
    /**
     * A granted European patent: the EPC states it was validated in (domain `epcStates`; CH for
     * CH/LI) and whether unitary effect was registered. Their renewal fees follow (docs/adr/0038).
     */
    epValidatedStates: text('ep_validated_states')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    epUnitaryEffect: boolean('ep_unitary_effect').notNull().default(false),

    // International (PCT) filing info.
    intlApplicationNumber: text('intl_application_number'),
    intlApplicationDate: day('intl_application_date'),
    intlPublicationNumber: text('intl_publication_number'),
    intlPublicationDate: day('intl_publication_date'),
    nationalTransitionDeadline: day('national_transition_deadline'),
    article19AmendmentDeadline: day('article19_amendment_deadline'),
    preliminaryExamDeadline: day('preliminary_exam_deadline'),
    /** Drives the Art. 19 and Chapter II deadlines (PCT Rules 46.1, 54bis.1). */
    searchReportTransmittalDate: day('search_report_transmittal_date'),

    // Settings.
    /** Allow the requested office to edit the matter info. */
    allowRequestedOfficeEdit: boolean('allow_requested_office_edit').notNull().default(false),
    /** Set on a duplicate: the matter it was copied from. */
    sourceProjectId: uuid('source_project_id'),
    /**
     * What the list's free-text search reads: the reference code, title, invention name, family,
     * the national and international numbers and the applicants' names, NFKC-folded and
     * lower-cased. Kept by triggers (drizzle/0007), never written by the app; see docs/adr/0016.
     */
    searchText: text('search_text').notNull().default(''),
    /**
     * The matter's live requests (deleted_at is null), whichever office they went to: what a client
     * sees and sorts by in the list. Kept exact by triggers on requests in the writing transaction
     * (drizzle/0017), never written by the app; an office counts only its own requests and still
     * counts them per row (repositories/projects/scope.ts).
     */
    requestCount: integer('request_count').notNull().default(0),

    ...auditColumns(),
    deletedAt: instant('deleted_at'),
    deletedBy: uuid('deleted_by'),
  },
  (t) => [
    // List queries: scope, then newest first (the default sort), id as tiebreaker for the cursor.
    // Partial on live rows: PostgreSQL then reads the first page straight from the index even
    // when one organization owns most of the table. DESC NULLS FIRST is what ORDER BY ... DESC
    // means: an index declared NULLS LAST cannot serve it.
    index('projects_org_live_updated_idx')
      .on(t.organizationId, t.updatedAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.deletedAt} is null`),
    // A tab and a progress status narrow the newest-first list to a sixth or less of the matters:
    // scanned from the scope-only index, a filtered page (tab, status and a search) read
    // thousands of rows to find its 100 (bench/api-list.ts, 100,000 matters); these read only rows of that tab and status.
    index('projects_org_live_type_status_updated_idx')
      .on(t.organizationId, t.type, t.status, t.updatedAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.deletedAt} is null`),
    index('projects_org_live_status_updated_idx')
      .on(t.organizationId, t.status, t.updatedAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.deletedAt} is null`),
    index('projects_owner_live_updated_idx')
      .on(t.ownerUserId, t.updatedAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.deletedAt} is null`),
    index('projects_org_deleted_idx')
      .on(t.organizationId, t.deletedAt)
      .where(sql`${t.deletedAt} is not null`),
    index('projects_owner_deleted_idx')
      .on(t.ownerUserId, t.deletedAt)
      .where(sql`${t.deletedAt} is not null`),
    index('projects_org_family_idx').on(t.organizationId, t.family),
    // The list grouped by family (docs/adr/0020): family in collation "C" (the order key of
    // family-order.ts), then the default sort, so a grouped page walks the index instead of
    // sorting every live matter of the organization, and the group sizes come out in order.
    index('projects_org_live_family_updated_idx')
      .on(
        t.organizationId,
        sql`${t.family} collate "C"`,
        t.updatedAt.desc().nullsFirst(),
        t.id.desc().nullsFirst(),
      )
      .where(sql`${t.deletedAt} is null`),
    // Sorted pages of a large organization read these in order instead of sorting every matter
    // (a B-tree serves both directions); nullable keys through the COALESCE the list sorts by.
    index('projects_org_live_title_idx')
      .on(t.organizationId, t.title, t.id)
      .where(sql`${t.deletedAt} is null`),
    index('projects_org_live_reference_idx')
      .on(t.organizationId, t.refrenceCode, t.id)
      .where(sql`${t.deletedAt} is null`),
    index('projects_org_live_application_code_idx')
      .on(t.organizationId, sql`coalesce(${t.applicationCode}, '')`, t.id)
      .where(sql`${t.deletedAt} is null`),
    index('projects_org_live_application_date_idx')
      .on(t.organizationId, sql`coalesce(${t.applicationDate}, '0001-01-01'::date)`, t.id)
      .where(sql`${t.deletedAt} is null`),
    index('projects_org_live_regist_code_idx')
      .on(t.organizationId, sql`coalesce(${t.registCode}, '')`, t.id)
      .where(sql`${t.deletedAt} is null`),
    // The other sort keys of the list, so every sort walks an index (bench/api-list.ts: sorted by status,
    // a CSV batch of 5,000 sorted all 100,000 live matters again). None for the deleted tab: it
    // holds a few percent of the matters, and sorting those is cheaper than six more indexes.
    index('projects_org_live_type_idx')
      .on(t.organizationId, t.type, t.id)
      .where(sql`${t.deletedAt} is null`),
    index('projects_org_live_status_idx')
      .on(t.organizationId, t.status, t.id)
      .where(sql`${t.deletedAt} is null`),
    index('projects_org_live_region_idx')
      .on(t.organizationId, t.regionCode, t.id)
      .where(sql`${t.deletedAt} is null`),
    index('projects_org_live_request_count_idx')
      .on(t.organizationId, t.requestCount, t.id)
      .where(sql`${t.deletedAt} is null`),
    // Unigrams and bigrams of search_text: a 1- or 2-character Japanese word is found through the
    // index on PGlite and PostgreSQL alike (pg_trgm needs 3 characters; docs/adr/0016).
    index('projects_search_grams_idx').using('gin', sql`ipportal_text_grams(${t.searchText})`),
    index('projects_owner_family_idx').on(t.ownerUserId, t.family),
    check('projects_type_check', sql`${t.type} in (0, 1, 2, 3)`),
    check('projects_status_check', sql`${t.status} in (0, 1, 2)`),
    check('projects_concierge_check', sql`${t.concierge} in ('notUsed', 'awaitingPayment', 'paid')`),
    // Each a two-letter state code; the server checks them against the EPC states before writing.
    check(
      'projects_ep_validated_states_check',
      sql`${t.epValidatedStates} <@ array[${sql.raw(epcStates.map((state) => `'${state}'`).join(','))}]::text[]`,
    ),
    check(
      'projects_fee_reduction_check',
      sql`${t.feeReduction} is null or ${t.feeReduction} in ('jpSme', 'jpSmallCompany', 'usSmall', 'usMicro')`,
    ),
    check(
      'projects_rights_status_check',
      sql`${t.rightsStatus} is null or ${t.rightsStatus} in ('unregistered', 'registering', 'expired')`,
    ),
  ],
);

export const partyRoles = ['applicant', 'inventor', 'agent'] as const;

/** Applicant / owner, inventor and agent entries of a matter, in display order. */
export const projectParties = pgTable(
  'project_parties',
  {
    id: idColumn(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    role: text('role', { enum: partyRoles }).notNull(),
    position: smallint('position').notNull().default(0),
    identificationNumber: text('identification_number'),
    name: text('name').notNull(),
    nameEn: text('name_en'),
    address: text('address'),
    regionCode: integer('region_code'),
    /** Applicant's share of the right, in percent. */
    shareRatio: numeric('share_ratio', { precision: 7, scale: 4 }),
    /** Inventor's contribution, in percent. */
    contribution: numeric('contribution', { precision: 7, scale: 4 }),
    ...auditColumns(),
  },
  (t) => [
    index('project_parties_project_idx').on(t.projectId, t.role, t.position),
    check('project_parties_role_check', sql`${t.role} in ('applicant', 'inventor', 'agent')`),
    check(
      'project_parties_share_check',
      sql`${t.shareRatio} is null or (${t.shareRatio} >= 0 and ${t.shareRatio} <= 100)`,
    ),
    check(
      'project_parties_contribution_check',
      sql`${t.contribution} is null or (${t.contribution} >= 0 and ${t.contribution} <= 100)`,
    ),
  ],
);

/** Paris-convention priority claims: base application number, date, office and access code. */
export const projectPriorityClaims = pgTable(
  'project_priority_claims',
  {
    id: idColumn(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull().default(0),
    regionCode: integer('region_code'),
    baseApplicationNumber: text('base_application_number').notNull(),
    baseApplicationDate: day('base_application_date').notNull(),
    accessCode: text('access_code'),
    ...auditColumns(),
  },
  (t) => [index('project_priority_claims_project_idx').on(t.projectId, t.position)],
);

/**
 * Live and deleted matters per case type and progress status for each scope the list counts
 * ('o:<organization>' every matter of an organization, 'u:<user>' a user's own matters outside
 * any organization, 'a:<user>:<organization>' the organization's matters assigned to a member).
 * Kept exact by statement triggers on projects and project_assignees (drizzle/0007), so the
 * per-tab counts read a few rows instead of counting every matter; see docs/adr/0015.
 */
export const projectTabCounts = pgTable(
  'project_tab_counts',
  {
    scope: text('scope').notNull(),
    type: smallint('type').notNull(),
    status: smallint('status').notNull(),
    deleted: boolean('deleted').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.type, t.status, t.deleted] })],
);

/**
 * A number that grows with every change to the matters of a scope ('o:<organization>' or
 * 'u:<user>'), bumped by the same triggers: cached counts of a search are valid while it stays.
 */
export const projectScopeVersions = pgTable('project_scope_versions', {
  scope: text('scope').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull(),
});

/** Members assigned to a matter (organization administrators are implicitly assigned to all). */
export const projectAssignees = pgTable(
  'project_assignees',
  {
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    ...createdColumns(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.userId] }), index('project_assignees_user_idx').on(t.userId)],
);

/** User space comments: private to the client side (concierges and firms cannot read them). */
export const userSpaceComments = pgTable(
  'user_space_comments',
  {
    id: idColumn(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    authorUserId: uuid('author_user_id')
      .notNull()
      .references(() => users.id),
    body: text('body').notNull(),
    ...auditColumns(),
    deletedAt: instant('deleted_at'),
  },
  (t) => [index('user_space_comments_project_idx').on(t.projectId, t.createdAt)],
);

/** Files attached to a matter's user space. */
export const projectFiles = pgTable(
  'project_files',
  {
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    fileId: uuid('file_id')
      .notNull()
      .references(() => files.id),
    space: text('space', { enum: ['userSpace'] })
      .notNull()
      .default('userSpace'),
    ...createdColumns(),
    deletedAt: instant('deleted_at'),
  },
  (t) => [
    primaryKey({ columns: [t.projectId, t.fileId] }),
    uniqueIndex('project_files_file_uq').on(t.fileId),
  ],
);
