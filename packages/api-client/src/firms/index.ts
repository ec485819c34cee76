export {
  firmsApi,
  useGetOwnFirmQuery,
  useListFirmDirectoryQuery,
  useSaveOwnFirmMutation,
} from './firms-api.js';
