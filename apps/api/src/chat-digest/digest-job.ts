import { createHash } from 'node:crypto';
import {
  chatDigestDelayMs,
  chatDigestIntervalMs,
  japanTimeZone,
  type Locale,
  webPathOf,
} from '@ipportal/domain';
import { inArray } from 'drizzle-orm';
import type { AppConfig } from '../config.js';
import type { Executor } from '../db/client.js';
import { projects, requests } from '../db/schema/index.js';
import { portalLinkFromConfig } from '../http/portal-link.js';
import type { Jobs, JobsLogger } from '../jobs/index.js';
import type { MailQueue } from '../mail/outbox.js';
import type { ChatDigestRoom } from '../mail/templates/types.js';
import { recipientsOf, type Side } from '../repositories/request-viewers.js';
import { findDigestCandidates, recordDigest, roomDigestStates, type DigestWindow } from './digest-query.js';

export const chatDigestJob = 'chat.digest';

/** See DigestWindow.firstChanceSince. */
export const chatDigestFirstChanceMs = chatDigestIntervalMs;
/** See DigestWindow.horizon. */
export const chatDigestHorizonMs = 7 * 24 * 60 * 60 * 1000;

export interface ChatDigestData {
  /** The moment to run for (ISO); the schedule leaves it out (now). Tests and operators name one. */
  now?: string;
}

export interface ChatDigestDeps {
  db: Executor;
  config: Pick<AppConfig, 'publicUrl' | 'host' | 'port'>;
  queueMail: MailQueue;
  logger: JobsLogger;
}

export function digestWindow(now: Date): DigestWindow {
  const ago = (ms: number) => new Date(now.getTime() - ms);
  return {
    now,
    dueBefore: ago(chatDigestDelayMs),
    sentBefore: ago(chatDigestIntervalMs),
    firstChanceSince: ago(chatDigestDelayMs + chatDigestFirstChanceMs),
    horizon: ago(chatDigestHorizonMs),
  };
}

interface RoomContext {
  projectId: string;
  requestNumber: number;
  projectTitle: string;
  requestName: string;
}

interface Member {
  userId: string;
  email: string;
  locale: Locale;
  side: Side;
  roomIds: Set<string>;
}

export interface ChatDigestResult {
  /** Digest mails queued. */
  mails: number;
  /** Rooms they name, summed over the mails. */
  rooms: number;
}

/**
 * The offline digest (ADR 0031): one mail per user naming each room where messages of the other
 * side wait unread for them — at least `chatDigestDelayMs` old, or mentioning them (urgent, no
 * wait) — newer than the room's last digest to them, which is at least `chatDigestIntervalMs`
 * ago. Counts and links only, never the text. The mail and the rooms' digest marks
 * (chat_reads.digest_sent_at, digest_through_seq) are written in one transaction per user, so a
 * crash neither loses a digest nor sends one twice, and a second run or worker finds the marks.
 */
export async function sendChatDigests(
  db: Executor,
  options: { now: Date; link: (path: string) => string; queueMail: MailQueue },
): Promise<ChatDigestResult> {
  const w = digestWindow(options.now);
  const candidates = await findDigestCandidates(db, w);
  if (candidates.length === 0) return { mails: 0, rooms: 0 };

  const requestRowIds = [...new Set(candidates.map((c) => c.requestRowId))];
  const requestRows = await db.select().from(requests).where(inArray(requests.id, requestRowIds));
  const titles = await db
    .select({ id: projects.id, title: projects.title })
    .from(projects)
    .where(
      inArray(
        projects.id,
        requestRows.map((r) => r.projectId),
      ),
    );
  const titleOf = new Map(titles.map((p) => [p.id, p.title]));
  const requestOf = new Map(requestRows.map((r) => [r.id, r]));

  const rooms = new Map<string, RoomContext>();
  const members = new Map<string, Member>();
  for (const candidate of candidates) {
    const request = requestOf.get(candidate.requestRowId);
    if (!request) continue;
    rooms.set(candidate.roomId, {
      projectId: request.projectId,
      requestNumber: request.number,
      projectTitle: titleOf.get(request.projectId) ?? '',
      requestName: request.name,
    });
    const readers: Side = candidate.senderSide === 'client' ? 'office' : 'client';
    // The room's members are whoever may see the request: the rule that picks who is told of a
    // request mail, so chat and mail never disagree about who is in.
    for (const recipient of await recipientsOf(db, request, readers, '')) {
      const member = members.get(recipient.userId) ?? {
        userId: recipient.userId,
        email: recipient.email,
        locale: recipient.locale,
        side: readers,
        roomIds: new Set<string>(),
      };
      member.roomIds.add(candidate.roomId);
      members.set(recipient.userId, member);
    }
  }

  const result: ChatDigestResult = { mails: 0, rooms: 0 };
  for (const member of members.values()) {
    const named = await db.transaction(async (tx) => {
      const states = await roomDigestStates(tx, member, [...member.roomIds], w);
      const owed = states.filter((state) => state.due && state.allowed && state.unread > 0);
      const recorded = await recordDigest(tx, member.userId, owed, w);
      const lines = owed.filter((state) => recorded.has(state.roomId));
      if (lines.length === 0) return 0;
      const digestRooms: ChatDigestRoom[] = lines
        .map((state) => {
          const room = rooms.get(state.roomId)!;
          return {
            projectTitle: room.projectTitle,
            requestName: room.requestName,
            unread: state.unread,
            urgent: state.mentioned,
            url: options.link(
              webPathOf('chatRoom', { projectId: room.projectId, requestId: room.requestNumber }),
            ),
          };
        })
        // Urgent rooms first; then as the room list, by matter and request.
        .sort(
          (a, b) =>
            Number(b.urgent) - Number(a.urgent) ||
            a.projectTitle.localeCompare(b.projectTitle) ||
            a.requestName.localeCompare(b.requestName),
        );
      const marks = lines.map((state) => `${state.roomId}@${state.throughSeq}`).sort();
      await options.queueMail(tx, {
        to: member.email,
        locale: member.locale,
        template: 'chatDigest',
        params: { rooms: digestRooms, urgent: digestRooms.some((room) => room.urgent) },
        // The marks make the key: the same rooms counted to the same message are never mailed twice.
        dedupeKey: `chat-digest:${member.userId}:${createHash('sha256').update(marks.join(',')).digest('hex').slice(0, 32)}`,
        reference: `chat-digest:${member.userId}`,
      });
      return lines.length;
    });
    if (named > 0) {
      result.mails++;
      result.rooms += named;
    }
  }
  return result;
}

/** The digest every minute (each run is idempotent: what it mails is marked in the same transaction). */
export function defineChatDigestJob(jobs: Pick<Jobs, 'define'>, deps: ChatDigestDeps): void {
  jobs.define<ChatDigestData>({
    name: chatDigestJob,
    retryLimit: 2,
    retryDelaySeconds: 30,
    heartbeatSeconds: 30,
    expireInSeconds: 5 * 60,
    keepFinishedDays: 1,
    cron: { expression: '* * * * *', timeZone: japanTimeZone },
    async handler(data) {
      const given = data.now ? new Date(data.now) : undefined;
      const now = given && !Number.isNaN(given.getTime()) ? given : new Date();
      const sent = await sendChatDigests(deps.db, {
        now,
        link: (path) => portalLinkFromConfig(deps.config, path),
        queueMail: deps.queueMail,
      });
      if (sent.mails > 0) deps.logger.info({ chatDigest: sent }, `${sent.mails} chat digest mails queued`);
    },
  });
}
