import {
  AccountIcon,
  BuildingIcon,
  CalendarIcon,
  ChatIcon,
  ChevronLeftIcon,
  ClockIcon,
  FileIcon,
  FolderIcon,
  HistoryIcon,
  InboxIcon,
  InvoiceIcon,
  MailIcon,
  PlusIcon,
} from '@ipportal/ui';
import type { ReactNode } from 'react';
import type { SidebarIcon } from '../../routes/sidebars';

export const sidebarIcons: Record<SidebarIcon, ReactNode> = {
  plus: <PlusIcon />,
  folder: <FolderIcon />,
  inbox: <InboxIcon />,
  clock: <ClockIcon />,
  file: <FileIcon />,
  calendar: <CalendarIcon />,
  chat: <ChatIcon />,
  building: <BuildingIcon />,
  account: <AccountIcon />,
  back: <ChevronLeftIcon />,
  mail: <MailIcon />,
  history: <HistoryIcon />,
  invoice: <InvoiceIcon />,
};
