/*
 * How a client opens the socket with its token (ADR 0030): Amplify v6 sends the header JSON as a
 * second subprotocol `header-<base64url>`, older AppSync clients as `?header=<base64>&payload=e30=`.
 * The server accepts both.
 */

/** Where the header travels: Amplify v6's subprotocol (the web's), or the older query string. */
export type RealtimeHeaderForm = 'subprotocol' | 'query';

export interface RealtimeHandshakeOptions {
  form?: RealtimeHeaderForm;
  /** The subprotocols offered besides the header one (default `graphql-ws`, the only one the server selects). */
  protocols?: readonly string[];
}

/** The socket's address on an API server (`/config.json`'s `realtimeUrl` is this for the portal's own server). */
export function realtimeUrl(httpBase: string): string {
  return `${httpBase.replace(/^http/, 'ws')}/graphql/realtime`;
}

function base64(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

function base64url(text: string): string {
  return base64(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/**
 * The address and subprotocols to open the socket with. `token` undefined: no header at all (a
 * test of the refusal); the header names the socket's host, as Amplify's does.
 */
export function realtimeHandshake(
  url: string,
  token: string | undefined,
  options: RealtimeHandshakeOptions = {},
): { url: string; protocols: string[] } {
  const target = new URL(url);
  const protocols = [...(options.protocols ?? ['graphql-ws'])];
  if (token === undefined) return { url, protocols };
  const header = JSON.stringify({ Authorization: token, host: target.host });
  if ((options.form ?? 'subprotocol') === 'subprotocol') {
    protocols.push(`header-${base64url(header)}`);
    return { url, protocols };
  }
  target.searchParams.set('header', base64(header));
  target.searchParams.set('payload', 'e30=');
  return { url: target.toString(), protocols };
}
