import type { ChatMember } from '@ipportal/domain';

/**
 * An "@" being typed at the caret: where it starts and what follows it so far (no spaces yet).
 * Null when the caret is not in such a word.
 */
export function mentionAt(text: string, caret: number): { start: number; query: string } | null {
  const match = /(^|\s)@([^\s@]*)$/u.exec(text.slice(0, caret));
  if (!match) return null;
  const query = match[2] ?? '';
  return { start: caret - query.length - 1, query };
}

/** The members a text mentions: each whose "@name" it contains (the picker writes them so). */
export function mentionedIn(text: string, members: readonly ChatMember[]): string[] {
  const ids = new Set<string>();
  for (const member of members) {
    if (member.name !== '' && text.includes(`@${member.name}`)) ids.add(member.userId);
  }
  return [...ids];
}

export type BodyPart = { text: string; mention: false } | { text: string; mention: true; userId: string };

const escape = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A message's text cut into plain parts and the "@name" of each member it mentions. */
export function splitMentions(
  body: string,
  mentions: readonly { userId: string; name: string }[],
): BodyPart[] {
  const named = mentions.filter((m) => m.name !== '');
  if (named.length === 0) return [{ text: body, mention: false }];
  // Longest names first, so "@Yamada Taro" wins over "@Yamada".
  const byName = new Map(named.map((m) => [`@${m.name}`, m.userId]));
  const pattern = new RegExp(
    [...byName.keys()]
      .sort((a, b) => b.length - a.length)
      .map(escape)
      .join('|'),
    'gu',
  );
  const parts: BodyPart[] = [];
  let at = 0;
  for (const match of body.matchAll(pattern)) {
    const index = match.index;
    if (index > at) parts.push({ text: body.slice(at, index), mention: false });
    parts.push({ text: match[0], mention: true, userId: byName.get(match[0]) ?? '' });
    at = index + match[0].length;
  }
  if (at < body.length) parts.push({ text: body.slice(at), mention: false });
  return parts;
}
