export { epGrantApi, useGetEpGrantQuery, useUpdateEpGrantMutation } from './ep-grant-api.js';
