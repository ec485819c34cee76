/*
 * The pieces of RFC 5545 the calendar feed writes, byte for byte as ical-generator 11 wrote them
 * (test/deadlines/ics.test.ts compares the two): TEXT escaping, line folding at 75 octets, DATE
 * and UTC DATE-TIME values. Written by hand because ical-generator built an object per event and
 * folded the whole calendar again at the end: about 2 s of the 4.5 s a feed of 29,000 deadlines
 * took (bench/api-terms.ts; the feed has 1 s in all); these lines take a quarter of a second.
 */

const needsEscape = /[\\;,\r\n]/;

/** A TEXT value: backslash, semicolon and comma escaped, line breaks as `\n` (RFC 5545 3.3.11). */
export function escapeText(value: string): string {
  if (!needsEscape.test(value)) return value; // nearly every value: a reference, a name, a link
  return value.replace(/[\\;,]/g, (match) => `\\${match}`).replace(/\r\n|\r|\n/g, '\\n');
}

/** Octets per line before the CRLF; a continuation line adds a space in front (RFC 5545 3.1). */
const maxOctets = 74;

const nonAscii = /[\u0080-\uffff]/;

/**
 * One content line, folded where it passes 74 octets of UTF-8, never inside a character: each
 * line of the result is whole characters up to 74 octets, the next one starts with a space.
 */
export function foldLine(line: string): string {
  if (!nonAscii.test(line)) {
    if (line.length <= maxOctets) return line;
    let result = line.slice(0, maxOctets);
    for (let at = maxOctets; at < line.length; at += maxOctets)
      result += `\r\n ${line.slice(at, at + maxOctets)}`;
    return result;
  }
  let result = '';
  let start = 0;
  let octets = 0;
  for (let i = 0; i < line.length; i++) {
    const code = line.charCodeAt(i);
    // A high surrogate starts a pair: one character of 4 octets.
    const size = code < 0x80 ? 1 : code < 0x800 ? 2 : code >= 0xd800 && code <= 0xdbff ? 4 : 3;
    if (octets + size > maxOctets) {
      result += `${line.slice(start, i)}\r\n `;
      start = i;
      octets = 0;
    }
    octets += size;
    if (size === 4) i++;
  }
  return result + line.slice(start);
}

/** A DATE value from an ISO day: `2027-03-31` -> `20270331` (no time zone involved). */
export function icsDate(isoDate: string): string {
  return isoDate.slice(0, 4) + isoDate.slice(5, 7) + isoDate.slice(8, 10);
}

/**
 * The DATE after an ISO day, for an all-day event's DTEND: RFC 5545 (3.6.1) makes DTEND
 * exclusive, so a one-day event ends the next day (`2027-12-31` -> `20280101`). Counted in UTC,
 * where every day has 24 hours.
 */
export function icsNextDate(isoDate: string): string {
  const next = new Date(Date.UTC(+isoDate.slice(0, 4), +isoDate.slice(5, 7) - 1, +isoDate.slice(8, 10) + 1));
  return icsDate(next.toISOString());
}

/** A UTC DATE-TIME value: `20270331T093000Z`. */
export function icsUtcDateTime(moment: Date): string {
  return `${moment.toISOString().slice(0, 19).replace(/[-:]/g, '')}Z`;
}
