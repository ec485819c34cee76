/**
 * Design tokens: the one place for colours, type, spacing and the fixed layout sizes, timings
 * and date limits every screen of the portal is built to (`tokens.test.ts` pins them, so a change
 * is deliberate). Components read them through the theme; nothing in a component body repeats
 * these numbers.
 */

/**
 * Colours. Every text/background pair used by components meets WCAG 2.2 AA (4.5:1 for text,
 * 3:1 for control borders and focus indicators); `tokens.test.ts` checks the pairs.
 */
export const colors = {
  /** Page background. */
  background: '#f5f6f8',
  /** Cards, dialogs, inputs. */
  surface: '#ffffff',
  /** Subtle fills: table header, hovered rows, rail. */
  surfaceMuted: '#eef1f5',
  /** Selected or active fills (sidebar entry, selected row). */
  surfaceSelected: '#e3ebf7',
  /** Main text: 16.0:1 on surface. */
  text: '#1b2330',
  /** Secondary text (help text, captions): 7.4:1 on surface. */
  textMuted: '#4a5567',
  /** Text on primary / danger fills. */
  textOnPrimary: '#ffffff',
  /** Disabled text: still 4.6:1 on the muted surface so it stays readable (WCAG exempts it; we do not rely on that). */
  textDisabled: '#636c7c',
  /** Borders of inputs and other controls: 4.5:1 on surface (WCAG 1.4.11 needs 3:1). */
  border: '#737d8c',
  /** Decorative dividers only (never the sole boundary of a control). */
  divider: '#d7dce3',
  /** Brand / primary action: a deep blue that reads as sober and legal. 8.3:1 with white. */
  primary: '#1d4f91',
  primaryHover: '#163f75',
  primaryActive: '#10305a',
  /** Primary-tinted background for subtle emphasis. */
  primarySubtle: '#e8eef8',
  /** Focus ring: visible on surface and on primary-subtle fills. */
  focus: '#1d4f91',
  danger: '#b42318',
  dangerHover: '#912018',
  dangerSubtle: '#fdecea',
  warning: '#8a4b00',
  warningSubtle: '#fff3df',
  success: '#1e6b3a',
  successSubtle: '#e6f4ea',
  info: '#1d4f91',
  infoSubtle: '#e8eef8',
  /** Header bar background and its text. */
  headerBackground: '#14263f',
  headerText: '#ffffff',
  /** Dialog backdrop. */
  overlay: 'rgba(15, 23, 34, 0.55)',
  /** Snackbar (inverse surface). */
  inverseSurface: '#273142',
  inverseText: '#ffffff',
  /** Hover fill of controls on the inverse surface. */
  inverseHover: 'rgba(255, 255, 255, 0.12)',
} as const;

/** Typography. Japanese-capable stacks: system Japanese fonts first after the Latin UI fonts. */
export const typography = {
  fontFamily: [
    '-apple-system',
    'BlinkMacSystemFont',
    '"Segoe UI"',
    '"Hiragino Sans"',
    '"Hiragino Kaku Gothic ProN"',
    '"Noto Sans JP"',
    '"Noto Sans CJK JP"',
    '"Yu Gothic UI"',
    '"Yu Gothic"',
    'Meiryo',
    'sans-serif',
  ].join(', '),
  fontFamilyMono: [
    'ui-monospace',
    '"SFMono-Regular"',
    'Consolas',
    '"Noto Sans Mono CJK JP"',
    'monospace',
  ].join(', '),
  fontSize: {
    xs: '0.75rem',
    sm: '0.875rem',
    md: '1rem',
    lg: '1.125rem',
    xl: '1.375rem',
    xxl: '1.75rem',
  },
  fontWeight: {
    regular: 400,
    medium: 500,
    bold: 700,
  },
  /** Japanese text needs more leading than Latin text to stay readable. */
  lineHeight: {
    tight: 1.3,
    normal: 1.7,
  },
  letterSpacing: {
    normal: '0.02em',
  },
} as const;

/** Spacing scale in px (4 px grid). */
export const space = {
  xxs: 2,
  xs: 4,
  sm: 8,
  md: 12,
  lg: 16,
  xl: 24,
  xxl: 32,
  xxxl: 48,
} as const;

/** Corner radii in px. */
export const radii = {
  sm: 4,
  md: 6,
  lg: 10,
  pill: 999,
} as const;

export const shadows = {
  sm: '0 1px 2px rgba(16, 24, 40, 0.08)',
  md: '0 4px 12px rgba(16, 24, 40, 0.12)',
  lg: '0 12px 32px rgba(16, 24, 40, 0.22)',
} as const;

/** Stacking order, lowest first. */
export const zIndex = {
  base: 0,
  sticky: 10,
  sidebar: 100,
  header: 200,
  drawer: 300,
  popover: 400,
  overlay: 500,
  dialog: 510,
  snackbar: 600,
  toast: 700,
} as const;

/** Viewport breakpoints (min-width, px). */
export const breakpoints = {
  sm: 600,
  md: 960,
  lg: 1280,
  xl: 1600,
} as const;

/** Layout sizes, in px: the app shell (header, sidebar, drawer) and dialogs are built to these. */
export const layout = {
  /** App header bar height. */
  headerHeight: 60,
  /** Header extension holding the breadcrumb and the page title. */
  headerExtensionHeight: 100,
  /** Logo slot width in the header. */
  logoWidth: 140,
  /** Fixed sidebar width. */
  sidebarWidth: 260,
  /** Navigation drawer collapsed to its icon rail. */
  drawerRailWidth: 56,
  /** Navigation drawer expanded (default) width. */
  drawerWidth: 256,
  /** Maximum dialog width (create-matter dialog). */
  dialogMaxWidth: 700,
  /**
   * Width of the toast stack in the page's top-right corner. Toasts raised while a modal dialog
   * is open show inside the dialog instead, so that no toast lies over the dialog's controls.
   */
  toastWidth: 400,
  /** Minimum touch / pointer target for controls (WCAG 2.5.8 asks 24; we use more). */
  controlHeight: { sm: 32, md: 40, lg: 48 },
} as const;

/** Timing numbers in ms, plus gesture thresholds in px. */
export const timing = {
  /** Default snackbar auto-hide time. */
  snackbarTimeoutMs: 5000,
  /** Toasts stay until closed: -1 means no auto-dismiss. */
  toastTimeoutMs: -1,
  /** Horizontal swipe distance beyond which a snackbar is dismissed. */
  swipeDismissThresholdPx: 50,
  /** Short UI transitions. */
  transitionMs: 150,
} as const;

/**
 * Date picker limits: the same numbers as the domain's `datePickerYearsBack`, `datePickerYearsAhead`
 * and `calendarWeeks`.
 */
export const dateLimits = {
  /** Years offered before the current year. */
  yearsBack: 100,
  /** Years offered after the current year. */
  yearsAhead: 52,
  /** The static calendar always shows six weeks. */
  calendarWeeks: 6,
} as const;

/** Every token group, as the theme object carries them. */
export const tokens = {
  colors,
  typography,
  space,
  radii,
  shadows,
  zIndex,
  breakpoints,
  layout,
  timing,
  dateLimits,
} as const;

export type Tokens = typeof tokens;
