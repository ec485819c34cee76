import type { AppConfig } from '../config.js';
import { createLocalStorage } from './local.js';
import { createS3Storage } from './s3.js';
import type { Storage } from './types.js';

export { defaultAllowedContentTypes } from './content-type.js';
export { contentDisposition, sendObject } from './http.js';
export { createLocalStorage } from './local.js';
export { createS3Storage } from './s3.js';
export {
  StorageError,
  type ListedObject,
  type ObjectStream,
  type PutOptions,
  type Storage,
  type StoredObject,
} from './types.js';

export function createStorage(config: AppConfig['storage']): Storage {
  return config.driver === 's3' ? createS3Storage(config) : createLocalStorage(config);
}
