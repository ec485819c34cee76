/**
 * Server side of bench/api-chat-post.ts (not part of the app): the bare handler the chat POST is
 * compared with. Mode
 *   bare <senderUserId> - a bare Fastify handler for
 *       `POST /user/chat/rooms/:projectId/:requestId/messages` (JSON `{ "body": "..." }`) that
 *       writes what the send statement must write for a text message and nothing else: in one
 *       statement, as the API does, the room row's `last_seq + 1` (the row lock that keeps seq
 *       gapless), the message row and the bus signal (`pg_notify` of chat.messageSent, delivered
 *       at commit), then answers the stored row as JSON. No auth, no budgets, no visibility check, no
 *       validation beyond a string, postgres.js without Drizzle.
 * Prints one line `READY {"port":...}` when listening. DATABASE_URL and DB_POOL_MAX come from the
 * environment, as for the server; the room rows must exist (the bench's warm-up POSTs make them).
 */
import Fastify from 'fastify';
import postgres from 'postgres';
import { busChannel } from '../src/events/channel.js';

async function bare(senderUserId: string): Promise<void> {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL is required');
  const sql = postgres(url, { max: Number(process.env.DB_POOL_MAX ?? 10), onnotice: () => undefined });
  const app = Fastify({ logger: false });
  app.post<{ Params: { projectId: string; requestId: string }; Body: { body?: unknown } }>(
    '/user/chat/rooms/:projectId/:requestId/messages',
    async (request, reply) => {
      const text = request.body?.body;
      if (typeof text !== 'string' || text.trim() === '') return reply.code(400).send({ hasError: true });
      const { projectId, requestId } = request.params;
      // One statement, as the API writes a message (ADR 0060): the room's lock is held only
      // inside PostgreSQL, never across a round trip.
      const [message] = await sql<{ id: string; seq: number; createdAt: Date }[]>`
        with room as (
          update chat_rooms c set last_seq = c.last_seq + 1, last_message_at = now()
            from requests r
           where r.id = c.request_id and r.project_id = ${projectId} and r.number = ${Number(requestId)}
          returning c.id, c.last_seq
        ), message as (
          insert into chat_messages (room_id, seq, sender_user_id, sender_side, body, created_by)
          select room.id, room.last_seq, ${senderUserId}::uuid, 'client', ${text}::text, ${senderUserId}::uuid
            from room
          returning id, seq, created_at
        ), signal as (
          select pg_notify(${busChannel}, json_build_object('t', 'chat.messageSent', 'i', message.id)::text)
            from message
        )
        select id, seq::int as seq, created_at as "createdAt", (select count(*) from signal) as signals
          from message`;
      if (!message) return reply.code(404).send({ hasError: true });
      return reply
        .code(201)
        .type('application/json')
        .send(
          JSON.stringify({
            hasError: false,
            message: '',
            item: { id: message.id, seq: message.seq, body: text, sentAt: message.createdAt.toISOString() },
          }),
        );
    },
  );
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  process.stdout.write(
    `READY ${JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 })}\n`,
  );
  const stop = () =>
    void app
      .close()
      .then(() => sql.end({ timeout: 1 }))
      .then(() => process.exit(0));
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

const mode = process.argv[2];
const run = mode === 'bare' ? bare(process.argv[3] ?? '') : Promise.reject(new Error(`unknown mode ${mode}`));
run.catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
