import { describe, expect, it } from 'vitest';
import * as ui from './index';

describe('public API', () => {
  it('exports every component, the provider, the theme and the texts', () => {
    const names = [
      'UiProvider',
      'UiTextProvider',
      'useUiText',
      'theme',
      'tokens',
      'GlobalStyle',
      'defaultUiTexts',
      'Button',
      'IconButton',
      'TextField',
      'TextArea',
      'Select',
      'Combobox',
      'Checkbox',
      'RadioGroup',
      'Switch',
      'Tabs',
      'Table',
      'VirtualTable',
      'Dialog',
      'DiscardChangesDialog',
      'useDialogUnsavedChanges',
      'ConfirmDialog',
      'Toast',
      'ToastProvider',
      'useToast',
      'Snackbar',
      'Spinner',
      'LoadingText',
      'EmptyState',
      'Badge',
      'StatusChip',
      'Card',
      'Pagination',
      'Footer',
      'Breadcrumb',
      'MenuButton',
      'AppHeader',
      'Sidebar',
      'NavigationDrawer',
      'DatePicker',
      'Calendar',
      'FileDrop',
    ];
    for (const name of names) expect(ui, name).toHaveProperty(name);
  });
});
