import { autoUpdate, flip, offset, shift, size, useFloating } from '@floating-ui/react-dom';
import { useTheme } from 'styled-components';

export interface PopupPositionOptions {
  /** Whether the popup is shown; positioning only runs while it is. */
  open: boolean;
  /** Makes the popup exactly as wide as its anchor (listboxes under a text field). */
  matchWidth?: boolean;
}

/**
 * Places a popup under its anchor and flips it above when there is no room below (near the
 * bottom of the window or of a dialog), shifting it sideways to stay in view. Uses fixed
 * positioning so that a scrolling ancestor (a dialog body, a table wrapper) does not clip it.
 * The room left on the chosen side is published as `--popup-available-height` so that a list
 * can cap its height with `max-height: min(<own max>, var(--popup-available-height))`.
 */
export function usePopupPosition({ open, matchWidth = false }: PopupPositionOptions) {
  const theme = useTheme();
  const edge = theme.space.sm;
  const { refs, floatingStyles } = useFloating({
    open,
    placement: 'bottom-start',
    strategy: 'fixed',
    whileElementsMounted: autoUpdate,
    middleware: [
      offset(theme.space.xs),
      flip({ padding: edge }),
      shift({ padding: edge }),
      size({
        padding: edge,
        apply({ rects, availableHeight, elements }) {
          // Written only when changed: each write can resize the popup and re-run this.
          const { style } = elements.floating;
          const height = `${Math.max(0, Math.floor(availableHeight))}px`;
          if (style.getPropertyValue('--popup-available-height') !== height) {
            style.setProperty('--popup-available-height', height);
          }
          const width = `${Math.round(rects.reference.width)}px`;
          if (matchWidth && style.width !== width) style.width = width;
        },
      }),
    ],
  });
  // Stable callback refs: the anchor (field) and the popup element.
  return { setAnchor: refs.setReference, setPopup: refs.setFloating, popupStyle: floatingStyles };
}
