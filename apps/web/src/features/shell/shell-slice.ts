import { createSlice } from '@reduxjs/toolkit';

export interface ShellState {
  /** The navigation drawer below tablet width: rail (closed) or open. */
  drawerOpen: boolean;
  createMatterOpen: boolean;
}

const initialState: ShellState = { drawerOpen: false, createMatterOpen: false };

export const shellSlice = createSlice({
  name: 'shell',
  initialState,
  reducers: {
    drawerToggled: (state) => {
      state.drawerOpen = !state.drawerOpen;
    },
    drawerClosed: (state) => {
      state.drawerOpen = false;
    },
    createMatterOpened: (state) => {
      state.createMatterOpen = true;
      state.drawerOpen = false;
    },
    createMatterClosed: (state) => {
      state.createMatterOpen = false;
    },
  },
  selectors: {
    selectDrawerOpen: (state) => state.drawerOpen,
    selectCreateMatterOpen: (state) => state.createMatterOpen,
  },
});

export const { drawerToggled, drawerClosed, createMatterOpened, createMatterClosed } = shellSlice.actions;
export const { selectDrawerOpen, selectCreateMatterOpen } = shellSlice.selectors;
