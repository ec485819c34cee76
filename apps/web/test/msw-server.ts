import { setupServer } from 'msw/node';

/** Network mock at the fetch level for component tests; tests add handlers with `server.use`. */
export const server = setupServer();

/** The base URL the test stores give the API client for each namespace. */
export const testApiBase = { user: 'http://api.test/user', patent: 'http://api.test/patent' } as const;
