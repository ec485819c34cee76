export { StatusChip, Badge } from './StatusChip';
export type { StatusChipProps, StatusTone, BadgeProps } from './StatusChip';
