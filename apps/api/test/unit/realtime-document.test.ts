import { realtimeTopics } from '@ipportal/domain';
import { describe, expect, test } from 'vitest';
import { readSubscription } from '../../src/realtime/document.js';
import { connectHeader, parseClientMessage, tokenOf } from '../../src/realtime/protocol.js';

const projectId = '0b7c3c1e-8a4e-4c7f-9f7e-0a1b2c3d4e5f';

describe('a start’s document', () => {
  test('the domain’s documents name their topic; arguments come from variables', () => {
    expect(readSubscription(realtimeTopics.onRequestMail.query, { projectId, requestId: 3 })).toEqual({
      topic: 'onRequestMail',
      responseKey: 'onRequestMail',
      variables: { projectId, requestId: 3 },
    });
    expect(readSubscription(realtimeTopics.onUnreadCounts.query, undefined)).toMatchObject({
      topic: 'onUnreadCounts',
      variables: {},
    });
  });

  test('graphql-js print() output, anonymous operations, aliases, literals and comments', () => {
    const printed = `subscription OnRequestMail($projectId: ID!, $requestId: Int!) {\n  onRequestMail(projectId: $projectId, requestId: $requestId) {\n    mailId\n  }\n}`;
    expect(readSubscription(printed, { projectId, requestId: 1 })?.variables).toEqual({
      projectId,
      requestId: 1,
    });
    expect(
      readSubscription(
        `# live mails\nsubscription { mails: onRequestMail(projectId: "${projectId}", requestId: 7) { mailId } }`,
        {},
      ),
    ).toEqual({ topic: 'onRequestMail', responseKey: 'mails', variables: { projectId, requestId: 7 } });
  });

  test('queries, mutations, unknown fields and prototype names are not subscriptions we offer', () => {
    expect(readSubscription('query { onRequestMail { mailId } }', {})).toBeUndefined();
    expect(readSubscription('mutation { onUnreadCounts { unreadMailCount } }', {})).toBeUndefined();
    expect(readSubscription('subscription { onEverything { id } }', {})).toBeUndefined();
    expect(readSubscription('subscription { constructor { id } }', {})).toBeUndefined();
    expect(readSubscription('subscription { toString { id } }', {})).toBeUndefined();
  });
});

describe('frames and headers', () => {
  test('both header forms decode to the same Authorization; Bearer is optional', () => {
    const header = { Authorization: 'Bearer aaa.bbb.ccc', host: 'portal.example.com' };
    const json = Buffer.from(JSON.stringify(header));
    const fromSubprotocol = connectHeader(
      ['graphql-ws', `header-${json.toString('base64url')}`],
      new URLSearchParams(),
    );
    const fromQuery = connectHeader(
      ['graphql-ws'],
      new URLSearchParams({ header: json.toString('base64'), payload: 'e30=' }),
    );
    expect(fromSubprotocol).toEqual(header);
    expect(fromQuery).toEqual(header);
    expect(tokenOf(fromSubprotocol)).toBe('aaa.bbb.ccc');
    expect(tokenOf({ Authorization: 'aaa.bbb.ccc' })).toBe('aaa.bbb.ccc');
    expect(tokenOf({ Authorization: 'not a token' })).toBeUndefined();
    expect(connectHeader(['graphql-ws', 'header-!!!'], new URLSearchParams())).toBeUndefined();
  });

  test('client frames: known types, unknown ones, malformed ones', () => {
    expect(parseClientMessage('{"type":"connection_init"}')).toEqual({ type: 'connection_init' });
    expect(parseClientMessage('{"type":"stop","id":"a"}')).toEqual({ type: 'stop', id: 'a' });
    expect(parseClientMessage('{"type":"start","id":"a","payload":{"data":"{}"}}')).toMatchObject({
      type: 'start',
      id: 'a',
    });
    expect(parseClientMessage('{"type":"subscribe"}')).toEqual({ type: 'unknown', rawType: 'subscribe' });
    expect(parseClientMessage('[]')).toMatchObject({ type: 'invalid' });
    expect(parseClientMessage('{"type":"start","payload":{"data":"{}"}}')).toMatchObject({ type: 'invalid' });
    expect(parseClientMessage('{"type":"start","id":"a"}')).toMatchObject({ type: 'invalid', id: 'a' });
  });
});
