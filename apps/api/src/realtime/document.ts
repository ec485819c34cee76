import { realtimeTopics, type RealtimeTopic } from '@ipportal/domain';

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
