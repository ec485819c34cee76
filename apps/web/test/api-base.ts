/** The base URL the test stores give the API client for each namespace. */
export const testApiBase = { user: 'http://api.test/user', patent: 'http://api.test/patent' } as const;
