export { NavigationDrawer } from './NavigationDrawer';
export type { NavigationDrawerProps, NavigationDrawerItem } from './NavigationDrawer';
