import { realtimeChangeFields, realtimeTopics, type RealtimeTopic } from '@ipportal/domain';

/**
 * What a start's GraphQL document subscribes to: its single root field (one of the domain's
 * `realtimeTopics`), the key the data is sent under (an alias, else the field) and the field's
 * arguments, resolved from `variables`. A fixed table, not a GraphQL executor (ADR 0030): the
 * selection set is not interpreted, every payload is sent whole.
 */
export interface SubscriptionRequest {
  topic: RealtimeTopic;
  responseKey: string;
  variables: unknown;
}

const name = String.raw`[_A-Za-z][_0-9A-Za-z]*`;
/** `subscription Name($a: ID!, ...) { alias: field(arg: $a, ...) {` — graphql-js `print()` output and hand-written forms alike. */
const operation = new RegExp(
  String.raw`^\s*subscription\b\s*(?:${name})?\s*(?:\([^)]*\))?\s*\{\s*(?:(${name})\s*:\s*)?(${name})\s*(?:\(([^)]*)\))?\s*\{`,
);
const argument = new RegExp(String.raw`(${name})\s*:\s*(\$${name}|"(?:[^"\\]|\\.)*"|-?\d+)`, 'g');

const topicOf = (field: string): RealtimeTopic | undefined =>
  Object.hasOwn(realtimeTopics, field) ? (field as RealtimeTopic) : undefined;

/** Undefined when the document is not a subscription to a known topic. */
export function readSubscription(query: string, variables: unknown): SubscriptionRequest | undefined {
  const document = query.replace(/#[^\n\r]*/g, ' ');
  const match = operation.exec(document);
  if (!match?.[2]) return undefined;
  const topic = topicOf(match[2]);
  if (!topic) return undefined;
  const given =
    typeof variables === 'object' && variables !== null ? (variables as Record<string, unknown>) : {};
  const values: Record<string, unknown> = {};
  for (const [, key, raw] of (match[3] ?? '').matchAll(argument)) {
    if (!key || !raw) continue;
    if (raw.startsWith('$')) values[key] = given[raw.slice(1)];
    else if (raw.startsWith('"')) values[key] = JSON.parse(raw) as string;
    else values[key] = Number(raw);
  }
  return { topic, responseKey: match[1] ?? topic, variables: values };
}

/**
 * Whether a start's document selects one of its topic's change fields (ADR 0050): then the
 * subscription is sent the change itself, else the ids as before. Only the root field's own
 * selection is read (names at its first level; arguments and nested selections skipped).
 */
export function selectsChange(query: string, topic: RealtimeTopic): boolean {
  const wanted = realtimeChangeFields(topic);
  if (wanted.length === 0) return false;
  const document = query.replace(/#[^\n\r]*/g, ' ');
  const match = operation.exec(document);
  if (!match) return false;
  let depth = 1;
  const topLevel: string[] = [];
  for (const token of document.slice(match[0].length).matchAll(/[{}()]|[_A-Za-z][_0-9A-Za-z]*/g)) {
    const text = token[0];
    if (text === '{' || text === '(') depth += 1;
    else if (text === '}' || text === ')') depth -= 1;
    else if (depth === 1) topLevel.push(text);
    if (depth === 0) break;
  }
  return wanted.some((field) => topLevel.includes(field));
}
