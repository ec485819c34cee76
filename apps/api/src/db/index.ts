export {
  openDatabase,
  schema,
  type Database,
  type DatabaseHandle,
  type DatabaseOptions,
  type Executor,
} from './client.js';
export { migrateDatabase, migrationsFolder } from './migrate.js';
