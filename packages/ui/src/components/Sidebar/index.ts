export { Sidebar } from './Sidebar';
export type { SidebarProps, SidebarSection, SidebarItem } from './Sidebar';
