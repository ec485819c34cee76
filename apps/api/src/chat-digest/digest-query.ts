import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { rowsOf } from '../db/rows.js';
import type { Side } from '../repositories/request-viewers.js';

/**
 * The offline digest's reading of the chat tables (ADR 0031). A message "falls due" for a user of
 * the other side when it is neither withdrawn nor read by them and is `chatDigestDelayMs` old, or
 * at once when it mentions them. Room members are not stored (they are whoever may see the
 * request), so the candidates below are rooms and sender sides; who is told is decided per
 * member afterwards.
 */

export interface DigestWindow {
  now: Date;
  /** Messages sent before this are old enough without a mention (now − chatDigestDelayMs). */
  dueBefore: Date;
  /** A room last digested to a user at or before this may be digested again (now − interval). */
  sentBefore: Date;
  /**
   * How far back a due message is looked at for members with no chat_reads row yet (who never
   * opened the room nor got a digest for it): the next runs after it falls due, which reach them
   * unless the job was stopped for longer. Members with a row are found from the row, so one
   * held back by the hourly limit is mailed when the hour is over.
   */
  firstChanceSince: Date;
  /** Older messages start no digest (a user who left a matter long ago is not looked at again). */
  horizon: Date;
}

const at = (date: Date): SQL => sql`${date.toISOString()}::timestamptz`;

/** postgres-js answers the rows themselves, PGlite an object holding them. */

const readerSide = sql`(case when u.user_type = 'PATENT' then 'office' else 'client' end)`;

export interface DigestCandidate {
  roomId: string;
  requestRowId: string;
  /** The side whose messages may be waiting: the other side's members are looked at. */
  senderSide: Side;
}

/**
 * Rooms (and the side that wrote) where some member may be owed a digest: a due message from
 * the last `firstChanceSince`, or one past the read and digest marks of a member with a row who
 * is not held back by the hourly limit. Rooms with no message since `horizon` are left out by
 * their last_message_at index.
 */
export async function findDigestCandidates(db: Executor, w: DigestWindow): Promise<DigestCandidate[]> {
  const result = await db.execute(sql`
    select distinct m.room_id as "roomId", c.request_id as "requestRowId", m.sender_side as "senderSide"
      from chat_rooms c
      join chat_messages m on m.room_id = c.id
     where c.last_message_at > ${at(w.horizon)}
       and m.withdrawn_at is null
       and m.created_at > ${at(w.horizon)}
       and (m.created_at <= ${at(w.dueBefore)} or cardinality(m.mentions) > 0)
       and (
         m.created_at > ${at(w.firstChanceSince)}
         or exists (
           select 1
             from chat_reads r
             join users u on u.id = r.user_id
            where r.room_id = m.room_id
              and ${readerSide} <> m.sender_side
              and m.seq > greatest(r.last_read_seq, r.digest_through_seq)
              and (r.digest_sent_at is null or r.digest_sent_at <= ${at(w.sentBefore)})
              and (m.created_at <= ${at(w.dueBefore)} or r.user_id = any(m.mentions))
         )
       )
     order by 1, 3`);
  return rowsOf<DigestCandidate>(result);
}

export interface RoomDigestState {
  roomId: string;
  /** Unread messages of the other side (not withdrawn, past the user's read mark). */
  unread: number;
  /** The last of them: what this digest counts, so later messages are news for the next one. */
  throughSeq: number;
  /** Whether one of them mentions the user (the digest marks the room urgent). */
  mentioned: boolean;
  /** Whether one of them is due and newer than the last digest. */
  due: boolean;
  /** Whether the hourly limit lets this room be digested now. */
  allowed: boolean;
}

/**
 * For one user of `side`, each given room's unread messages from the other side and whether they
 * make the room due for a digest now.
 */
export async function roomDigestStates(
  db: Executor,
  user: { userId: string; side: Side },
  roomIds: readonly string[],
  w: DigestWindow,
): Promise<RoomDigestState[]> {
  if (roomIds.length === 0) return [];
  const other: Side = user.side === 'client' ? 'office' : 'client';
  const result = await db.execute(sql`
    select c.id as "roomId",
           count(*)::int as unread,
           max(m.seq)::bigint as "throughSeq",
           bool_or(${user.userId}::uuid = any(m.mentions)) as mentioned,
           bool_or(
             m.seq > coalesce(r.digest_through_seq, 0)
             and m.created_at > ${at(w.horizon)}
             and (m.created_at <= ${at(w.dueBefore)} or ${user.userId}::uuid = any(m.mentions))
           ) as due,
           (r.digest_sent_at is null or r.digest_sent_at <= ${at(w.sentBefore)}) as allowed
      from chat_rooms c
      left join chat_reads r on r.room_id = c.id and r.user_id = ${user.userId}::uuid
      join chat_messages m
        on m.room_id = c.id
       and m.sender_side = ${other}
       and m.withdrawn_at is null
       and m.seq > coalesce(r.last_read_seq, 0)
     where c.id in (${sql.join(
       roomIds.map((id) => sql`${id}::uuid`),
       sql`, `,
     )})
     group by c.id, r.digest_sent_at`);
  return rowsOf<RoomDigestState & { throughSeq: number | string }>(result).map((row) => ({
    ...row,
    unread: Number(row.unread),
    throughSeq: Number(row.throughSeq),
  }));
}

/**
 * Records that a digest counts these rooms for the user, in the transaction that queues the mail.
 * Only where no other run did so meanwhile (the hourly limit and the digest mark are checked
 * again under the row's lock) and the user has not read that far since: answers the rooms
 * recorded, which are the ones the mail may name.
 */
export async function recordDigest(
  tx: Executor,
  userId: string,
  rooms: readonly { roomId: string; throughSeq: number }[],
  w: DigestWindow,
): Promise<Set<string>> {
  if (rooms.length === 0) return new Set();
  const values = sql.join(
    rooms.map(
      (room) => sql`(${room.roomId}::uuid, ${userId}::uuid, ${at(w.now)}, ${room.throughSeq}::bigint)`,
    ),
    sql`, `,
  );
  const result = await tx.execute(sql`
    insert into chat_reads as r (room_id, user_id, digest_sent_at, digest_through_seq)
    values ${values}
    on conflict (room_id, user_id) do update
       set digest_sent_at = excluded.digest_sent_at,
           digest_through_seq = excluded.digest_through_seq
     where (r.digest_sent_at is null or r.digest_sent_at <= ${at(w.sentBefore)})
       and r.digest_through_seq < excluded.digest_through_seq
       and r.last_read_seq < excluded.digest_through_seq
    returning r.room_id as "roomId"`);
  return new Set(rowsOf<{ roomId: string }>(result).map((row) => row.roomId));
}
