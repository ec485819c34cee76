import { describe, expect, it } from 'vitest';
import { parseRealtimeFrame } from './frames.js';
import { realtimeHandshake, realtimeUrl } from './handshake.js';

const url = 'ws://127.0.0.1:3000/graphql/realtime';
const token = 'header.payload.signature';

describe('realtimeHandshake', () => {
  it('subprotocol form: graphql-ws and header-<base64url of the header JSON>, the address unchanged', () => {
    const handshake = realtimeHandshake(url, token);
    expect(handshake.url).toBe(url);
    expect(handshake.protocols[0]).toBe('graphql-ws');
    const encoded = handshake.protocols[1]!.slice('header-'.length);
    expect(encoded).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8'))).toEqual({
      Authorization: token,
      host: '127.0.0.1:3000',
    });
  });

  it('query form: ?header=<base64>&payload=e30=, graphql-ws alone', () => {
    const handshake = realtimeHandshake(url, token, { form: 'query' });
    expect(handshake.protocols).toEqual(['graphql-ws']);
    const target = new URL(handshake.url);
    expect(target.searchParams.get('payload')).toBe('e30=');
    expect(JSON.parse(Buffer.from(target.searchParams.get('header')!, 'base64').toString('utf8'))).toEqual({
      Authorization: token,
      host: '127.0.0.1:3000',
    });
  });

  it('no token: no header; other subprotocols replace graphql-ws', () => {
    expect(realtimeHandshake(url, undefined)).toEqual({ url, protocols: ['graphql-ws'] });
    expect(realtimeHandshake(url, token, { protocols: ['graphql-transport-ws'] }).protocols[0]).toBe(
      'graphql-transport-ws',
    );
  });

  it('realtimeUrl: the socket of an API server', () => {
    expect(realtimeUrl('http://127.0.0.1:3000')).toBe(url);
    expect(realtimeUrl('https://portal.example.com')).toBe('wss://portal.example.com/graphql/realtime');
  });
});

describe('parseRealtimeFrame', () => {
  it('reads a frame; anything but a JSON object with a string type is null', () => {
    expect(parseRealtimeFrame('{"type":"ka"}')).toEqual({ type: 'ka' });
    expect(parseRealtimeFrame('not json')).toBeNull();
    expect(parseRealtimeFrame('null')).toBeNull();
    expect(parseRealtimeFrame('{"id":"x"}')).toBeNull();
  });
});
