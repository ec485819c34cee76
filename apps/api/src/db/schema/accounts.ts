import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { auditColumns, idColumn, instant } from './columns.js';

/** Portal users of both pools. `identity_sub` is the `sub` claim of the pool's ID token. */
export const users = pgTable(
  'users',
  {
    id: idColumn(),
    userType: text('user_type', { enum: ['REGULAR', 'PATENT'] }).notNull(),
    identitySub: uuid('identity_sub').notNull(),
    email: text('email').notNull(),
    name: text('name').notNull().default(''),
    address: text('address').notNull().default(''),
    phoneNumber: text('phone_number').notNull().default(''),
    regionCode: integer('region_code'),
    locale: text('locale', { enum: ['ja', 'en'] })
      .notNull()
      .default('ja'),
    /** The firm a PATENT user works at. */
    firmId: uuid('firm_id').references(() => firms.id),
    ...auditColumns(),
  },
  (t) => [
    uniqueIndex('users_type_sub_uq').on(t.userType, t.identitySub),
    index('users_email_idx').on(t.email),
    index('users_firm_idx').on(t.firmId),
    check('users_user_type_check', sql`${t.userType} in ('REGULAR', 'PATENT')`),
    check('users_locale_check', sql`${t.locale} in ('ja', 'en')`),
  ],
);

export const organizations = pgTable('organizations', {
  id: idColumn(),
  name: text('name').notNull(),
  representativeName: text('representative_name').notNull(),
  /** Whether the office sees when this organization's members have read its chat messages (既読). */
  shareChatReadReceipts: boolean('share_chat_read_receipts').notNull().default(true),
  /** Members must turn on two-factor sign-in before they may do anything else (ADR 0034). */
  requireTwoFactor: boolean('require_two_factor').notNull().default(false),
  ...auditColumns(),
  deletedAt: instant('deleted_at'),
});

/** Membership of a REGULAR user in one organization; role code 0 administrator, 1 member. */
export const organizationMembers = pgTable(
  'organization_members',
  {
    id: idColumn(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    roleCode: smallint('role_code').notNull().default(1),
    ...auditColumns(),
  },
  (t) => [
    uniqueIndex('organization_members_user_uq').on(t.userId),
    index('organization_members_org_idx').on(t.organizationId, t.roleCode),
    check('organization_members_role_check', sql`${t.roleCode} in (0, 1)`),
  ],
);

/**
 * Invitations to an organization. The token is stored hashed (like identity codes); the
 * invitee accepts with the raw token from the mail, or joins on first sign-in when the
 * invitation's email matches their verified email.
 */
export const organizationInvitations = pgTable(
  'organization_invitations',
  {
    id: idColumn(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    /** Lower-cased. */
    email: text('email').notNull(),
    roleCode: smallint('role_code').notNull().default(1),
    /** The language of the invitation mail. */
    locale: text('locale', { enum: ['ja', 'en'] })
      .notNull()
      .default('ja'),
    tokenHash: text('token_hash').notNull().unique(),
    status: text('status', { enum: ['pending', 'accepted', 'revoked'] })
      .notNull()
      .default('pending'),
    expiresAt: instant('expires_at').notNull(),
    acceptedAt: instant('accepted_at'),
    acceptedUserId: uuid('accepted_user_id').references(() => users.id),
    ...auditColumns(),
  },
  (t) => [
    index('organization_invitations_org_idx').on(t.organizationId, t.status),
    index('organization_invitations_email_idx').on(t.email, t.status),
    check('organization_invitations_role_check', sql`${t.roleCode} in (0, 1)`),
    check('organization_invitations_status_check', sql`${t.status} in ('pending', 'accepted', 'revoked')`),
    check('organization_invitations_locale_check', sql`${t.locale} in ('ja', 'en')`),
  ],
);

export const officeTypeValues = ['patentAttorney', 'translationCompany', 'researchCompany'] as const;

/** Outside offices (patent firms, translation and research companies) and their public profile. */
export const firms = pgTable(
  'firms',
  {
    id: idColumn(),
    name: text('name').notNull(),
    nameEn: text('name_en'),
    officeType: text('office_type', { enum: officeTypeValues }).notNull(),
    regionCode: integer('region_code').notNull(),
    postalCode: text('postal_code'),
    address: text('address'),
    phoneNumber: text('phone_number'),
    email: text('email'),
    website: text('website'),
    representativeName: text('representative_name'),
    /** e.g. the JPO patent attorney registration number of the representative. */
    registrationNumber: text('registration_number'),
    /** Case-type codes the office handles (0 patent, 1 utility model, 2 trademark, 3 design). */
    caseTypes: smallint('case_types')
      .array()
      .notNull()
      .default(sql`'{}'::smallint[]`),
    /** Region codes the office files in. */
    regionCodes: integer('region_codes')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    languages: text('languages')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    description: text('description'),
    /** Technical fields the office covers (free labels such as "semiconductors"). */
    technicalFields: text('technical_fields')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Notes on fees shown to clients in the directory. */
    feeNotes: text('fee_notes'),
    acceptingRequests: boolean('accepting_requests').notNull().default(true),
    // Billing details (not in the directory profile): see the domain's billing-profile contract.
    /** 適格請求書発行事業者の登録番号: T and 13 digits. */
    qualifiedInvoiceNumber: text('qualified_invoice_number'),
    /** An individual patent attorney: clients withhold income tax on the fees. */
    individual: boolean('individual').notNull().default(false),
    bankAccount: text('bank_account'),
    invoiceNotes: text('invoice_notes'),
    /**
     * The portal operator's concierge office (ADR 0019): it coordinates requests a client turns
     * the concierge on for and bills the fee; never in the directory, never addressed a request.
     */
    concierge: boolean('concierge').notNull().default(false),
    ...auditColumns(),
    deletedAt: instant('deleted_at'),
  },
  (t) => [
    index('firms_office_region_idx').on(t.officeType, t.regionCode),
    uniqueIndex('firms_concierge_uq')
      .on(t.concierge)
      .where(sql`${t.concierge} and ${t.deletedAt} is null`),
    check(
      'firms_office_type_check',
      sql`${t.officeType} in ('patentAttorney', 'translationCompany', 'researchCompany')`,
    ),
  ],
);
