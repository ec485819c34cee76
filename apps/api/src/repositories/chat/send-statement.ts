import { randomUUID } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { makePgArray } from 'drizzle-orm/pg-core';
import type { Principal } from '../../auth/types.js';
import { BuiltStatements, preparedSql, type RawStatement } from '../../db/built-statements.js';
import type { Executor } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import {
  chatMessageAttachments,
  chatMessages,
  chatRooms,
  files,
  projects,
  requests,
  users,
} from '../../db/schema/index.js';
import { busChannel, encodeSignal } from '../../events/channel.js';
import { statementClaim, type StatementClaim } from '../../idempotency/statement-claim.js';
import type { StoredFile } from '../../storage/types.js';
import { placeholderRequestScope } from '../request-access.js';
import { sideOf } from '../request-viewers.js';

/*
 * A chat message is written by one statement (ADR 0060). Every message of a room takes the room
 * row's lock for its seq (`last_seq + 1`, gapless), and holds it until its transaction ends: as a
 * transaction (BEGIN, the statements, COMMIT) the lock was held across a round trip to the API
 * and a turn of its busy event loop, and that hold, not the CPU, bounded a room's messages a
 * second. As one statement PostgreSQL takes and releases the lock without waiting for anyone.
 *
 * In order: the request is found under the caller's scope and its row locked (a request the
 * caller does not see, or no longer, writes nothing; a deleted matter's room is frozen), the room
 * row is made or locked and hands out the seq, the message takes it, its attachments' file rows
 * and links are written, the request's Idempotency-Key claim (if it holds one) is marked
 * committed, and the bus signal goes out at commit. Each step reads the one before, so nothing is
 * written unless all of it is.
 */

const p = (name: string) => sql.placeholder(name);

function sendStatement(db: Executor, scope: SQL, claim: StatementClaim | undefined): RawStatement {
  return preparedSql(
    db,
    'send_chat_message',
    sql`
    with req as (
      select ${requests}.id, m.deleted_at is not null as project_deleted
        from ${requests} join ${projects} m on m.id = ${requests}.project_id
       where ${scope}
         and ${requests}.project_id = ${p('projectId')}::uuid and ${requests}.number = ${p('requestNumber')}::int
         for update of ${requests}
    ), room as (
      insert into ${chatRooms} as c (request_id, created_by, last_seq, last_message_at)
      select req.id, ${p('actorUserId')}::uuid, 1, ${p('now')}::timestamptz
        from req
       where not req.project_deleted
      on conflict (request_id) do update
        set last_seq = c.last_seq + 1, last_message_at = excluded.last_message_at
      returning c.id, c.last_seq
    ), message as (
      insert into ${chatMessages} (id, room_id, seq, sender_user_id, sender_side, body, mentions, created_at, created_by)
      select ${p('messageId')}::uuid, room.id, room.last_seq, ${p('senderUserId')}::uuid, ${p('senderSide')}::text,
             ${p('body')}::text, ${p('mentions')}::text::uuid[], ${p('now')}::timestamptz, ${p('actorUserId')}::uuid
        from room
      returning id
    ), attachment as (
      select a.*
        from jsonb_to_recordset(${p('attachments')}::text::jsonb)
             as a(id uuid, position smallint, storage_key text, storage_driver text, original_name text,
                  content_type text, size_bytes bigint, sha256 text)
       where exists (select 1 from message)
    ), stored as (
      insert into ${files} (id, storage_key, storage_driver, original_name, content_type, size_bytes, sha256,
                            purpose, created_at, created_by)
      select id, storage_key, storage_driver, original_name, content_type, size_bytes, sha256,
             'chat', ${p('now')}::timestamptz, ${p('actorUserId')}::uuid
        from attachment
    ), attached as (
      insert into ${chatMessageAttachments} (message_id, file_id, position)
      select message.id, attachment.id, attachment.position from message, attachment
    )${claim ? sql`, ${claim.mark('message')}` : sql``}, signal as (
      select pg_notify(${busChannel}, ${p('signal')}::text) from message
    )
    select req.id as "requestRowId", req.project_deleted as "projectDeleted",
           room.id as "roomId", room.last_seq::int as seq,
           (select count(*) from signal)::int as signals,
           (select json_object_agg(u.id, coalesce(nullif(u.name, ''), u.email))
              from ${users} u where u.id = any(${p('namesOf')}::text::uuid[])) as names
      from (select 1) as one left join req on true left join room on true`,
  );
}

// One per shape of the caller's scope (ADR 0060).
const sendStatements = new BuiltStatements<RawStatement>();

export interface SendMessageRow {
  body: string;
  mentions: string[];
  /** Stored already; their rows are written with the message. */
  attachments: StoredFile[];
}

export type SentMessage =
  | {
      written: true;
      roomId: string;
      seq: number;
      now: Date;
      names: Map<string, string>;
      /** The attachments in order, with the ids of their file rows. */
      files: { id: string; file: StoredFile }[];
    }
  | { written: false; refused: 'requestNotFound' | 'projectDeleted' };

/**
 * Writes message `messageId` to the room of request `requestNumber` of matter `projectId` if the
 * caller may see it (their scope is checked by the statement itself, with the request row locked),
 * answering its seq and the names of its sender and the members it mentions, or why nothing was
 * written: a request the caller does not see (or no longer: deleted, or access taken away since a
 * check before), or a deleted matter's frozen room.
 */
export async function writeChatMessage(
  db: Executor,
  input: {
    caller: Principal;
    projectId: string;
    requestNumber: number;
    messageId: string;
    actorUserId: string;
    message: SendMessageRow;
  },
): Promise<SentMessage> {
  const scoped = placeholderRequestScope(input.caller, { coordinated: true });
  const claim = statementClaim();
  const shape = `${scoped.shape}${claim ? ' with its claim' : ''}`;
  const now = new Date();
  const stored = input.message.attachments.map((file) => ({ id: randomUUID(), file }));
  const attachments = stored.map(({ id, file }, position) => ({
    id,
    position,
    storage_key: file.storageKey,
    storage_driver: file.storageDriver,
    original_name: file.originalName,
    content_type: file.contentType,
    size_bytes: file.sizeBytes,
    sha256: file.sha256,
  }));
  const [row] = rowsOf<{
    requestRowId: string | null;
    projectDeleted: boolean | null;
    roomId: string | null;
    seq: number | null;
    names: Record<string, string> | null;
  }>(
    await sendStatements
      .on(db, shape, (on) => sendStatement(on, scoped.scope, claim))
      .execute({
        ...scoped.values,
        ...claim?.values,
        projectId: input.projectId,
        requestNumber: input.requestNumber,
        actorUserId: input.actorUserId,
        now: now.toISOString(),
        messageId: input.messageId,
        senderUserId: input.caller.userId,
        senderSide: sideOf(input.caller),
        body: input.message.body,
        mentions: makePgArray(input.message.mentions),
        attachments: JSON.stringify(attachments),
        signal: encodeSignal({ topic: 'chat.messageSent', id: input.messageId }),
        namesOf: makePgArray([input.caller.userId, ...input.message.mentions]),
      }),
  );
  if (!row || row.requestRowId === null) return { written: false, refused: 'requestNotFound' };
  if (row.projectDeleted) return { written: false, refused: 'projectDeleted' };
  if (row.roomId === null || row.seq === null) throw new Error('chat message statement wrote no room row');
  claim?.committed();
  return {
    written: true,
    roomId: row.roomId,
    seq: row.seq,
    now,
    names: new Map(Object.entries(row.names ?? {})),
    files: stored,
  };
}
