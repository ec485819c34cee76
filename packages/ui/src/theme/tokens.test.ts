import { describe, expect, it } from 'vitest';
import { colors, dateLimits, layout, timing } from './tokens';

function channel(hex: string, at: number): number {
  const v = parseInt(hex.slice(at, at + 2), 16) / 255;
  return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
}
function luminance(hex: string): number {
  return 0.2126 * channel(hex, 1) + 0.7152 * channel(hex, 3) + 0.0722 * channel(hex, 5);
}
/** WCAG 2.x contrast ratio of two #rrggbb colours. */
function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

describe('tokens', () => {
  it('keeps the fixed layout sizes, timings and date limits', () => {
    expect(layout).toMatchObject({
      headerHeight: 60,
      headerExtensionHeight: 100,
      logoWidth: 140,
      sidebarWidth: 260,
      drawerRailWidth: 56,
      drawerWidth: 256,
      dialogMaxWidth: 700,
    });
    expect(timing).toMatchObject({
      snackbarTimeoutMs: 5000,
      toastTimeoutMs: -1,
      swipeDismissThresholdPx: 50,
    });
    expect(dateLimits).toEqual({ yearsBack: 100, yearsAhead: 52, calendarWeeks: 6 });
  });

  // Text pairs need 4.5:1 (WCAG 2.2 SC 1.4.3); control boundaries and focus need 3:1 (SC 1.4.11).
  const textPairs: [string, string, string][] = [
    ['text on surface', colors.text, colors.surface],
    ['text on background', colors.text, colors.background],
    ['muted text on surface', colors.textMuted, colors.surface],
    ['muted text on muted surface', colors.textMuted, colors.surfaceMuted],
    ['disabled text on surface', colors.textDisabled, colors.surface],
    ['disabled text on muted surface', colors.textDisabled, colors.surfaceMuted],
    ['primary on surface', colors.primary, colors.surface],
    ['primary on selected', colors.primary, colors.surfaceSelected],
    ['primary on subtle', colors.primary, colors.primarySubtle],
    ['white on primary', colors.textOnPrimary, colors.primary],
    ['white on primary hover', colors.textOnPrimary, colors.primaryHover],
    ['white on danger', colors.textOnPrimary, colors.danger],
    ['danger on surface', colors.danger, colors.surface],
    ['danger on subtle', colors.danger, colors.dangerSubtle],
    ['warning on subtle', colors.warning, colors.warningSubtle],
    ['success on subtle', colors.success, colors.successSubtle],
    ['info on subtle', colors.info, colors.infoSubtle],
    ['header text', colors.headerText, colors.headerBackground],
    ['snackbar text', colors.inverseText, colors.inverseSurface],
  ];
  it.each(textPairs)('%s meets 4.5:1', (_name, fg, bg) => {
    expect(contrast(fg, bg)).toBeGreaterThanOrEqual(4.5);
  });

  const uiPairs: [string, string, string][] = [
    ['input border on surface', colors.border, colors.surface],
    ['input border on background', colors.border, colors.background],
    ['focus ring on surface', colors.focus, colors.surface],
    ['focus ring on background', colors.focus, colors.background],
  ];
  it.each(uiPairs)('%s meets 3:1', (_name, fg, bg) => {
    expect(contrast(fg, bg)).toBeGreaterThanOrEqual(3);
  });
});
