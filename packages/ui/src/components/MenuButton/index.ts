export { MenuButton } from './MenuButton';
export type { MenuActionItem, MenuButtonProps, MenuItem, MenuLinkItem } from './MenuButton';
