import { createContext, useContext } from 'react';
import type { AriaAttributes, AriaRole, MouseEventHandler, ReactNode } from 'react';

/** What a link renderer receives. `href` is an app path such as `/projects`. */
export interface LinkRenderProps {
  href: string;
  className?: string;
  children: ReactNode;
  'aria-current'?: AriaAttributes['aria-current'];
  'aria-label'?: string;
  /** Set when the link is an item of a widget (a menu's `menuitem`). */
  role?: AriaRole;
  /** -1 for links that a widget focuses itself (menu items move with the arrow keys). */
  tabIndex?: number;
  onClick?: MouseEventHandler<HTMLAnchorElement>;
}

/**
 * Renders a navigation link. The web app passes one that uses its router
 * (e.g. `({ href, ...rest }) => <Link to={href} {...rest} />`); ui never imports a router.
 */
export type RenderLink = (props: LinkRenderProps) => ReactNode;

export const defaultRenderLink: RenderLink = ({ href, children, ...rest }) => (
  <a href={href} {...rest}>
    {children}
  </a>
);

export const RenderLinkContext = createContext<RenderLink>(defaultRenderLink);

/** The link renderer from the nearest `UiProvider`, or a plain `<a>`; a prop wins over both. */
export function useRenderLink(override?: RenderLink): RenderLink {
  const fromContext = useContext(RenderLinkContext);
  return override ?? fromContext;
}
