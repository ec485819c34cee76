import { dayInJapan, japanTimeZone, refuse, type Locale, type Refused } from '@ipportal/domain';
import { asc, eq, inArray } from 'drizzle-orm';
import type { Principal } from '../../auth/types.js';
import type { Executor } from '../../db/client.js';
import {
  chatMessageAttachments,
  chatMessageRevisions,
  chatMessages,
  files,
  projects,
  users,
} from '../../db/schema/index.js';
import type { Side } from '../request-viewers.js';
import { displayName, findVisibleRoom } from './room-access.js';
import { selectMessages } from './messages.js';

/*
 * A room's transcript: legal correspondence stays auditable (ADR 0031), so the export holds every
 * message in order with its sender, side and time in Japan's time zone, the earlier texts of an
 * edited message, withdrawn messages marked (without their text) and each attachment's size and
 * SHA-256 as stored (files.sha256, hex), so a copy of a file can be matched to the message.
 */

const labels = {
  ja: {
    title: 'チャット記録',
    matter: '案件',
    reference: '整理番号',
    request: '依頼',
    exported: '出力日時',
    messages: (n: number) => `メッセージ数: ${n}`,
    side: { client: '依頼者側', office: '事務所側' } satisfies Record<Side, string>,
    edited: (at: string) => `（編集済み: ${at}）`,
    revision: (n: number, until: string) => `編集前の本文 ${n}（${until} まで）:`,
    withdrawn: (at: string) => `（このメッセージは ${at} に取り消されました）`,
    mentions: (names: string) => `メンション: ${names}`,
    attachment: (name: string, size: number, sha: string) =>
      `添付: ${name}（${size.toLocaleString('ja-JP')} バイト、SHA-256: ${sha}）`,
    empty: '（メッセージはありません）',
  },
  en: {
    title: 'Chat transcript',
    matter: 'Matter',
    reference: 'Reference',
    request: 'Request',
    exported: 'Exported',
    messages: (n: number) => `Messages: ${n}`,
    side: { client: 'client', office: 'office' } satisfies Record<Side, string>,
    edited: (at: string) => `(edited: ${at})`,
    revision: (n: number, until: string) => `Earlier text ${n} (until ${until}):`,
    withdrawn: (at: string) => `(this message was withdrawn at ${at})`,
    mentions: (names: string) => `Mentions: ${names}`,
    attachment: (name: string, size: number, sha: string) =>
      `Attachment: ${name} (${size.toLocaleString('en-US')} bytes, SHA-256: ${sha})`,
    empty: '(no messages)',
  },
} as const;

const jstFormat = new Intl.DateTimeFormat('sv-SE', {
  timeZone: japanTimeZone,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hour12: false,
});

/** `2026-11-26 09:05:00 JST`. */
export const jst = (at: Date) => `${jstFormat.format(at)} JST`;

const indent = (text: string, prefix: string) =>
  text
    .split(/\r?\n/)
    .map((line) => `${prefix}${line}`)
    .join('\r\n');

/** A file name without characters that file systems refuse. */
const safePart = (text: string) => text.replace(/[\\/:*?"<>|\s]+/g, '_').slice(0, 60);

/**
 * The transcript of a request's room as UTF-8 text with a BOM (so spreadsheet and text tools on
 * Windows read it as UTF-8) and CRLF line ends, in `locale`, with its file name.
 */
export async function chatTranscript(
  db: Executor,
  principal: Principal,
  projectId: string,
  requestId: number,
  locale: Locale,
  now = new Date(),
): Promise<{ fileName: string; text: string } | Refused> {
  const found = await findVisibleRoom(db, principal, projectId, requestId);
  if (!found) return refuse('requestNotFound');
  const t = labels[locale];
  const [project] = await db
    .select({ title: projects.title, referenceCode: projects.refrenceCode })
    .from(projects)
    .where(eq(projects.id, found.request.projectId))
    .limit(1);
  const rows = found.room
    ? await selectMessages(db, eq(chatMessages.roomId, found.room.id)).orderBy(asc(chatMessages.seq))
    : [];
  const ids = rows.map((row) => row.id);
  const mentioned = [...new Set(rows.flatMap((row) => row.mentions))];
  const [revisions, attachments, names] = await Promise.all([
    ids.length === 0
      ? []
      : db
          .select()
          .from(chatMessageRevisions)
          .where(inArray(chatMessageRevisions.messageId, ids))
          .orderBy(asc(chatMessageRevisions.revision)),
    ids.length === 0
      ? []
      : db
          .select({
            messageId: chatMessageAttachments.messageId,
            name: files.originalName,
            sizeBytes: files.sizeBytes,
            sha256: files.sha256,
          })
          .from(chatMessageAttachments)
          .innerJoin(files, eq(files.id, chatMessageAttachments.fileId))
          .where(inArray(chatMessageAttachments.messageId, ids))
          .orderBy(asc(chatMessageAttachments.position)),
    mentioned.length === 0
      ? []
      : db.select({ id: users.id, name: displayName }).from(users).where(inArray(users.id, mentioned)),
  ]);
  const nameOf = new Map(names.map((n) => [n.id, n.name]));

  const lines: string[] = [
    t.title,
    `${t.matter}: ${project?.title ?? ''}`,
    ...(project?.referenceCode ? [`${t.reference}: ${project.referenceCode}`] : []),
    `${t.request}: ${found.request.name}`,
    `${t.exported}: ${jst(now)}`,
    t.messages(rows.length),
    '',
  ];
  if (rows.length === 0) lines.push(t.empty, '');
  for (const row of rows) {
    lines.push(`#${row.seq} ${jst(row.sentAt)} ${row.senderName ?? ''} (${t.side[row.side as Side]})`);
    if (row.withdrawnAt) {
      lines.push(t.withdrawn(jst(row.withdrawnAt)), '');
      continue;
    }
    if (row.body) lines.push(indent(row.body, ''));
    if (row.mentions.length > 0)
      lines.push(t.mentions(row.mentions.map((id) => `@${nameOf.get(id) ?? id}`).join(', ')));
    for (const a of attachments.filter((a) => a.messageId === row.id))
      lines.push(t.attachment(a.name, a.sizeBytes, a.sha256));
    if (row.editedAt) {
      lines.push(t.edited(jst(row.editedAt)));
      for (const r of revisions.filter((r) => r.messageId === row.id)) {
        lines.push(`  ${t.revision(r.revision, jst(r.replacedAt))}`, indent(r.body, '    '));
      }
    }
    lines.push('');
  }
  const day = dayInJapan(now).replaceAll('-', '');
  const reference = project?.referenceCode ? `${safePart(project.referenceCode)}-` : '';
  return {
    fileName: `chat-${reference}${safePart(found.request.name)}-${day}.txt`,
    text: `\uFEFF${lines.join('\r\n')}`,
  };
}
