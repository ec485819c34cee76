import type { Locale } from '@ipportal/domain';
import type { UnknownAction } from 'redux';

export interface ShellState {
  /** The navigation drawer below tablet width: rail (closed) or open. */
  drawerOpen: boolean;
  createMatterOpen: boolean;
  /**
   * A language picked in the header that the user's profile does not have yet (picked while
   * signed out, or before the profile loaded); the signed-in shell saves it.
   */
  unsavedLocalePick: Locale | null;
}

const initialState: ShellState = { drawerOpen: false, createMatterOpen: false, unsavedLocalePick: null };

// Plain action creators and a reducer (no Redux Toolkit in /login's first download, ADR 0039).
export const drawerToggled = () => ({ type: 'shell/drawerToggled' }) as const;
export const drawerClosed = () => ({ type: 'shell/drawerClosed' }) as const;
export const createMatterOpened = () => ({ type: 'shell/createMatterOpened' }) as const;
export const createMatterClosed = () => ({ type: 'shell/createMatterClosed' }) as const;
export const localePicked = (locale: Locale) => ({ type: 'shell/localePicked', payload: locale }) as const;
export const localePickSaved = () => ({ type: 'shell/localePickSaved' }) as const;

export function shellReducer(state: ShellState = initialState, action: UnknownAction): ShellState {
  switch (action.type) {
    case 'shell/drawerToggled':
      return { ...state, drawerOpen: !state.drawerOpen };
    case 'shell/drawerClosed':
      return { ...state, drawerOpen: false };
    case 'shell/createMatterOpened':
      return { ...state, createMatterOpen: true, drawerOpen: false };
    case 'shell/createMatterClosed':
      return { ...state, createMatterOpen: false };
    case 'shell/localePicked':
      return { ...state, unsavedLocalePick: (action as ReturnType<typeof localePicked>).payload };
    case 'shell/localePickSaved':
      return { ...state, unsavedLocalePick: null };
    default:
      return state;
  }
}

type WithShell = { shell: ShellState };
export const selectDrawerOpen = (state: WithShell) => state.shell.drawerOpen;
export const selectCreateMatterOpen = (state: WithShell) => state.shell.createMatterOpen;
export const selectUnsavedLocalePick = (state: WithShell) => state.shell.unsavedLocalePick;
