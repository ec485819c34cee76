export * from './theme';
export * from './i18n';
export * from './provider';
export * from './icons';
export type { RenderLink, LinkRenderProps } from './internal/link';
export * from './components/Button';
export * from './components/IconButton';
export * from './components/Spinner';
export * from './components/Toast';
