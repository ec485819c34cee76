import { refuse, type Refused } from '@ipportal/domain';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Principal } from '../auth/types.js';
import { BuiltStatements, shapeOf } from '../db/built-statements.js';
import type { Executor } from '../db/client.js';
import { projects, requests } from '../db/schema/index.js';
import { projectScope, scopeBranch, scopePlaceholders, type ScopePrincipal } from './projects/scope.js';

/** Whether a scope takes in what the caller's office coordinates as concierge (ADR 0019). */
export interface CoordinationOption {
  /**
   * Also the requests the caller's office coordinates as the concierge: only reading a request
   * (detail, list, history, its matter) and its mail thread pass this. Moving a request on,
   * deliverables, estimates and invoices stay the addressed office's.
   */
  coordinated?: boolean;
}

/**
 * Which requests a caller sees, as one SQL condition on `requests`:
 * - a REGULAR user: live requests of the matters `projectScope` lets them see (a deleted
 *   matter's requests stay readable, like the matter itself);
 * - a PATENT user: live requests addressed to their firm, on a live matter (firms do not see
 *   deleted matters); with `coordinated`, also those their firm coordinates as the concierge.
 * Everything else is invisible, and routes answer 404 so ids cannot be probed.
 */
export function requestScope(principal: ScopePrincipal, options: CoordinationOption = {}): SQL {
  if (principal.userType === 'PATENT') {
    if (!principal.firmId) return sql`false`;
    const ownFirm = options.coordinated
      ? sql`(${requests}.firm_id = ${principal.firmId} or ${requests}.coordinator_firm_id = ${principal.firmId})`
      : sql`${requests}.firm_id = ${principal.firmId}`;
    return sql`(${requests}.deleted_at is null and ${ownFirm} and exists (select 1 from ${projects} where ${projects}.id = ${requests}.project_id and ${projects}.deleted_at is null))`;
  }
  // Uncorrelated subquery: the visible matters are computed once per statement.
  return sql`(${requests}.deleted_at is null and ${requests}.project_id in (select ${projects}.id from ${projects} where ${projectScope(principal)}))`;
}

/** A caller's request scope with placeholders for their ids, its shape, and the values. */
export interface PlaceholderScope {
  scope: SQL;
  /** Its SQL text: the shape of the statements built once around it (ADR 0060). */
  shape: string;
  values: Record<string, string>;
}

const placeholderScopes = new Map<string, { scope: SQL; shape: string }>();

/**
 * `requestScope` of the caller with their ids as placeholders (`scopePlaceholders`), built and
 * turned into text once per branch: with the ids left out, the scope depends only on the caller's
 * user type, organization role, whether they have an organization and an office, and
 * `coordinated`. Building it on every chat message cost Drizzle more CPU than the rest of the
 * message's statement did.
 */
export function placeholderRequestScope(
  principal: Pick<Principal, keyof ScopePrincipal>,
  options: CoordinationOption = {},
): PlaceholderScope {
  const caller = scopePlaceholders(principal);
  const branch = `${scopeBranch(caller.principal)}/${options.coordinated === true}`;
  let built = placeholderScopes.get(branch);
  if (!built) {
    const scope = requestScope(caller.principal, { coordinated: options.coordinated === true });
    built = { scope, shape: shapeOf(scope) };
    placeholderScopes.set(branch, built);
  }
  return { ...built, values: caller.values };
}

/** The stored request row a caller may see, with the ids the routes need. */
export type VisibleRequest = typeof requests.$inferSelect;

/**
 * Request `requestId` (its number within the matter) of matter `projectId` if the caller may see
 * it, else undefined (answer 404). The row carries `id`, `projectId` and `firmId` for further
 * checks.
 */
export async function findVisibleRequest(
  db: Executor,
  principal: Principal,
  projectId: string,
  requestId: number,
  options: CoordinationOption = {},
): Promise<VisibleRequest | undefined> {
  const [row] = await db
    .select()
    .from(requests)
    .where(
      and(
        requestScope(principal, options),
        eq(requests.projectId, projectId),
        eq(requests.number, requestId),
      ),
    )
    .limit(1);
  return row;
}

/** The matter a visible request belongs to, as the detail screens and mails need it. */
export interface RequestContext {
  request: VisibleRequest;
  projectTitle: string;
}

/** The request and its matter in one statement (a caller sees a request only with its matter). */
function writableRequestStatement(db: Executor, scope: SQL) {
  return db
    .select({ request: requests, projectTitle: projects.title, projectDeletedAt: projects.deletedAt })
    .from(requests)
    .innerJoin(projects, eq(projects.id, requests.projectId))
    .where(
      and(
        scope,
        eq(requests.projectId, sql.placeholder('projectId')),
        eq(requests.number, sql.placeholder('requestId')),
      ),
    )
    .limit(1)
    .prepare('writable_request');
}

// Every chat message and mail starts here: the select of every request column with the caller's
// scope cost more CPU to build than anything else the message does (ADR 0060).
const writableRequestStatements = new BuiltStatements<ReturnType<typeof writableRequestStatement>>();

/**
 * A request the caller may see and write to, with its matter: a deleted matter's requests are
 * readable like the matter itself but frozen (409). Inside a transaction `lock` locks the request
 * row, so writes to one request are serialised.
 */
export async function writableRequest(
  db: Executor,
  principal: Principal,
  projectId: string,
  requestId: number,
  options: { lock?: boolean } & CoordinationOption = {},
): Promise<RequestContext | Refused> {
  const { scope, shape, values } = placeholderRequestScope(principal, options);
  const statement = writableRequestStatements.on(db, shape, (on) => writableRequestStatement(on, scope));
  const [row] = await statement.execute({ ...values, projectId, requestId });
  if (!row) return refuse('requestNotFound');
  const { request, projectTitle } = row;
  if (row.projectDeletedAt !== null) return refuse('projectDeleted');
  if (options.lock) await lockRequest(db, request.id);
  return { request, projectTitle };
}

function relockStatement(tx: Executor) {
  return tx
    .select({ requestDeletedAt: requests.deletedAt, projectDeletedAt: projects.deletedAt })
    .from(requests)
    .innerJoin(projects, eq(projects.id, requests.projectId))
    .where(eq(requests.id, sql.placeholder('requestRowId')))
    .limit(1)
    .for('update', { of: requests })
    .prepare('relock_writable_request');
}

const relockStatements = new BuiltStatements<ReturnType<typeof relockStatement>>();

/**
 * Inside the transaction that records an upload: locks the request of a context found writable
 * before its bytes arrived. Who may see it was decided then; only a request or matter deleted
 * while the bytes were arriving refuses now, as it would have before.
 */
export async function relockWritableRequest(
  tx: Executor,
  context: RequestContext,
): Promise<RequestContext | Refused> {
  const [row] = await relockStatements
    .on(tx, '', relockStatement)
    .execute({ requestRowId: context.request.id });
  if (!row || row.requestDeletedAt !== null) return refuse('requestNotFound');
  if (row.projectDeletedAt !== null) return refuse('projectDeleted');
  return context;
}

async function lockRequest(db: Executor, id: string): Promise<void> {
  await db.select({ id: requests.id }).from(requests).where(eq(requests.id, id)).for('update');
}
