export { AppHeader } from './AppHeader';
export type { AppHeaderProps } from './AppHeader';
