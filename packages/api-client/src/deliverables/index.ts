export { deliverablesApi, useListDeliverablesQuery } from './deliverables-api.js';
