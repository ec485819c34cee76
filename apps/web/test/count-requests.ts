import { server } from './msw-server';

/** Every request the app makes, by method and path, and how many are still unanswered, as MSW sees them. */
export function countRequests() {
  const seen: string[] = [];
  let open = 0;
  const started = ({ request }: { request: Request }) => {
    open += 1;
    seen.push(`${request.method} ${new URL(request.url).pathname}`);
  };
  const ended = () => {
    open -= 1;
  };
  server.events.on('request:start', started);
  server.events.on('response:mocked', ended);
  server.events.on('response:bypass', ended);
  return { seen, open: () => open, stop: () => server.events.removeAllListeners() };
}
