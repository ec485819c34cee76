import { act, screen, waitFor, within } from '@testing-library/react';
import { useEffect, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { regionOptions } from '../../../test/fixtures/regions';
import { expectNoAxeViolations, renderUi } from '../../../test/render';
import { theme } from '../../theme';
import { Combobox } from '../Combobox/Combobox';
import { DatePicker } from '../DatePicker/DatePicker';
import { Select } from '../Select/Select';
import { useToast } from '../Toast/ToastProvider';
import { Dialog, useDialogUnsavedChanges } from './Dialog';
import type { DialogCloseReason } from './Dialog';

function Demo({ onClose }: { onClose?: (r: DialogCloseReason) => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        open
      </button>
      <Dialog
        open={open}
        title="案件を作成"
        description="説明"
        onClose={(reason) => {
          onClose?.(reason);
          setOpen(false);
        }}
        actions={
          <>
            <button type="button">キャンセル</button>
            <button type="button">作成</button>
          </>
        }
      >
        <input aria-label="タイトル" />
      </Dialog>
    </>
  );
}

function Nested() {
  const [outer, setOuter] = useState(false);
  const [inner, setInner] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOuter(true)}>
        open
      </button>
      <Dialog open={outer} title="外側" onClose={() => setOuter(false)}>
        <button type="button" onClick={() => setInner(true)}>
          inner
        </button>
      </Dialog>
      <Dialog open={inner} title="内側" onClose={() => setInner(false)}>
        <input aria-label="メモ" />
      </Dialog>
    </>
  );
}

/** A form dialog like Create Matter: a title, a region list, a type select and a date. */
function FormDialog({
  onClose,
  guard = 'none',
}: {
  onClose?: (r: DialogCloseReason) => void;
  guard?: 'none' | 'prop' | 'hook';
}) {
  const [open, setOpen] = useState(false);
  const [title, setTitle] = useState('');
  const [date, setDate] = useState<Date | null>(null);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        open
      </button>
      <Dialog
        open={open}
        title="案件を作成"
        unsavedChanges={guard === 'prop' ? title !== '' : undefined}
        onClose={(reason) => {
          onClose?.(reason);
          setOpen(false);
        }}
      >
        <FormFields
          title={title}
          setTitle={setTitle}
          date={date}
          setDate={setDate}
          guard={guard === 'hook'}
        />
      </Dialog>
    </>
  );
}

function FormFields({
  title,
  setTitle,
  date,
  setDate,
  guard,
}: {
  title: string;
  setTitle: (v: string) => void;
  date: Date | null;
  setDate: (d: Date | null) => void;
  guard: boolean;
}) {
  useDialogUnsavedChanges(guard && title !== '');
  return (
    <>
      <input aria-label="タイトル" value={title} onChange={(event) => setTitle(event.target.value)} />
      <Combobox label="国・地域" options={regionOptions('ja')} />
      <Select label="種別" options={[{ value: '0', label: '特許' }]} />
      <DatePicker label="出願日" today={new Date(2025, 3, 15)} value={date} onChange={setDate} />
    </>
  );
}

function WithToast() {
  const toast = useToast();
  return (
    <Dialog open title="保存" onClose={() => {}}>
      <button type="button" onClick={() => toast.error('保存に失敗しました')}>
        save
      </button>
    </Dialog>
  );
}

describe('Dialog', () => {
  it('is a labelled modal that traps focus and closes on Escape, returning focus', async () => {
    const onClose = vi.fn();
    const { user } = renderUi(<Demo onClose={onClose} />);
    await user.click(screen.getByRole('button', { name: 'open' }));
    const dialog = screen.getByRole('dialog', { name: '案件を作成' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAccessibleDescription('説明');
    // Initial focus: the first field of the body, not the close button in the header.
    expect(screen.getByRole('textbox', { name: 'タイトル' })).toHaveFocus();
    await expectNoAxeViolations();

    await user.tab();
    await user.tab();
    expect(screen.getByRole('button', { name: '作成' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: '閉じる' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(screen.getByRole('button', { name: '作成' })).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledWith('escape');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'open' })).toHaveFocus();
  });

  it('focuses the dialog itself while its body has no field, then the field that appears', async () => {
    const loaded: { load?: () => void } = {};
    function Late() {
      const [ready, setReady] = useState(false);
      useEffect(() => {
        loaded.load = () => setReady(true);
      }, []);
      return (
        <Dialog open title="読み込み" onClose={() => {}}>
          {ready ? <input aria-label="整理番号" /> : <p>読み込み中</p>}
        </Dialog>
      );
    }
    renderUi(<Late />);
    expect(screen.getByRole('dialog', { name: '読み込み' })).toHaveFocus();
    act(() => loaded.load?.());
    await waitFor(() => expect(screen.getByRole('textbox', { name: '整理番号' })).toHaveFocus());
  });

  it('Escape closes only the innermost open thing: the region list, then the dialog', async () => {
    const onClose = vi.fn();
    const { user } = renderUi(<FormDialog onClose={onClose} />);
    await user.click(screen.getByRole('button', { name: 'open' }));
    await user.type(screen.getByRole('textbox', { name: 'タイトル' }), '新しい発明');
    const region = screen.getByRole('combobox', { name: '国・地域' });
    await user.click(region);
    expect(region).toHaveAttribute('aria-expanded', 'true');

    await user.keyboard('{Escape}');
    expect(region).toHaveAttribute('aria-expanded', 'false');
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('textbox', { name: 'タイトル' })).toHaveValue('新しい発明');

    // Typed text is the next thing Escape takes back, before the dialog.
    await user.type(region, 'ドイ');
    await user.keyboard('{Escape}');
    await user.keyboard('{Escape}');
    expect(region).toHaveValue('');
    expect(onClose).not.toHaveBeenCalled();

    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledWith('escape');
  });

  it('Escape in an open calendar closes the calendar and keeps the dialog', async () => {
    const onClose = vi.fn();
    const { user } = renderUi(<FormDialog onClose={onClose} />);
    await user.click(screen.getByRole('button', { name: 'open' }));
    const trigger = screen.getByRole('button', { name: /出願日/ });
    await user.click(trigger);
    expect(screen.getByRole('dialog', { name: '日付を選択' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: '日付を選択' })).toBeNull();
    expect(screen.getByRole('dialog', { name: '案件を作成' })).toBeInTheDocument();
    expect(trigger).toHaveFocus();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('Escape on a closed select closes the dialog (nothing inside is open)', async () => {
    const onClose = vi.fn();
    const { user } = renderUi(<FormDialog onClose={onClose} />);
    await user.click(screen.getByRole('button', { name: 'open' }));
    screen.getByRole('combobox', { name: /種別/ }).focus();
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledWith('escape');
  });

  it.each(['prop', 'hook'] as const)(
    'with unsaved input (%s) asks before Escape, the close button or the backdrop closes it',
    async (guard) => {
      const onClose = vi.fn();
      const { user } = renderUi(<FormDialog onClose={onClose} guard={guard} />);
      await user.click(screen.getByRole('button', { name: 'open' }));
      // Nothing typed: closes at once.
      await user.keyboard('{Escape}');
      expect(onClose).toHaveBeenCalledTimes(1);
      onClose.mockClear();

      await user.click(screen.getByRole('button', { name: 'open' }));
      await user.type(screen.getByRole('textbox', { name: 'タイトル' }), '新しい発明');
      await user.keyboard('{Escape}');
      const ask = screen.getByRole('alertdialog', { name: '入力内容を破棄しますか？' });
      expect(onClose).not.toHaveBeenCalled();
      // Keeping is the safe default: it has the focus, and Escape means "keep".
      expect(within(ask).getByRole('button', { name: '編集を続ける' })).toHaveFocus();
      await expectNoAxeViolations();
      await user.keyboard('{Escape}');
      expect(screen.queryByRole('alertdialog')).toBeNull();
      expect(screen.getByRole('textbox', { name: 'タイトル' })).toHaveValue('新しい発明');
      expect(screen.getByRole('textbox', { name: 'タイトル' })).toHaveFocus();

      await user.click(screen.getByRole('button', { name: '閉じる' }));
      await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: '編集を続ける' }));
      expect(onClose).not.toHaveBeenCalled();
      await user.click(screen.getAllByTestId('dialog-backdrop')[0]!);
      expect(screen.getByRole('alertdialog')).toBeInTheDocument();
      await user.click(
        within(screen.getByRole('alertdialog')).getByRole('button', { name: '破棄して閉じる' }),
      );
      expect(onClose).toHaveBeenCalledTimes(1);
      expect(onClose).toHaveBeenCalledWith('backdrop');
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(screen.queryByRole('alertdialog')).toBeNull();
    },
  );

  it('closes on the backdrop and the close button', async () => {
    const onClose = vi.fn();
    const { user } = renderUi(<Demo onClose={onClose} />, { locale: 'en' });
    await user.click(screen.getByRole('button', { name: 'open' }));
    await user.click(screen.getByTestId('dialog-backdrop'));
    expect(onClose).toHaveBeenLastCalledWith('backdrop');
    await user.click(screen.getByRole('button', { name: 'open' }));
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenLastCalledWith('close-button');
  });

  it('uses the 700 px max width token', () => {
    expect(theme.layout.dialogMaxWidth).toBe(700);
    renderUi(<Dialog open title="t" onClose={() => {}} />);
    expect(getComputedStyle(screen.getByRole('dialog')).maxWidth).toBe('700px');
  });

  it('makes the rest of the page inert while open and undoes it on close', async () => {
    const { user } = renderUi(<Demo />);
    const opener = screen.getByRole('button', { name: 'open' });
    const page = opener.closest('body > *');
    await user.click(opener);
    const backdrop = screen.getByTestId('dialog-backdrop');
    expect(backdrop.parentElement).toBe(document.body);
    expect(page).toHaveAttribute('inert');
    expect(backdrop).not.toHaveAttribute('inert');

    await user.keyboard('{Escape}');
    expect(page).not.toHaveAttribute('inert');
    expect(opener).toHaveFocus();
  });

  it('closes on Escape even when focus has left it', async () => {
    const onClose = vi.fn();
    const { user } = renderUi(<Demo onClose={onClose} />);
    await user.click(screen.getByRole('button', { name: 'open' }));
    (document.activeElement as HTMLElement).blur();
    expect(document.body).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(onClose).toHaveBeenCalledWith('escape');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('closes only the topmost dialog on an Escape from outside', async () => {
    const { user } = renderUi(<Nested />);
    await user.click(screen.getByRole('button', { name: 'open' }));
    await user.click(screen.getByRole('button', { name: 'inner' }));
    expect(screen.getAllByRole('dialog')).toHaveLength(2);
    (document.activeElement as HTMLElement).blur();
    await user.keyboard('{Escape}');
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
  });

  it('keeps the page inert behind nested dialogs until the last one closes', async () => {
    const { user } = renderUi(<Nested />);
    const opener = screen.getByRole('button', { name: 'open' });
    const page = opener.closest('body > *');
    await user.click(opener);
    await user.click(screen.getByRole('button', { name: 'inner' }));
    const [outerBackdrop, innerBackdrop] = screen.getAllByTestId('dialog-backdrop');
    expect(page).toHaveAttribute('inert');
    expect(outerBackdrop).toHaveAttribute('inert');
    expect(innerBackdrop).not.toHaveAttribute('inert');

    await user.keyboard('{Escape}');
    expect(outerBackdrop).not.toHaveAttribute('inert');
    expect(page).toHaveAttribute('inert');
    expect(screen.getByRole('button', { name: 'inner' })).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(page).not.toHaveAttribute('inert');
    expect(opener).toHaveFocus();
  });

  it('shows toasts inside the open dialog above its body, where they cover none of its controls', async () => {
    function Saving() {
      const toast = useToast();
      const [open, setOpen] = useState(true);
      return (
        <>
          <Dialog open={open} title="保存" onClose={() => setOpen(false)}>
            <button type="button" onClick={() => toast.warn('入力内容にエラーがあります')}>
              save
            </button>
          </Dialog>
          <p>page</p>
        </>
      );
    }
    const { user } = renderUi(<Saving />);
    await user.click(screen.getByRole('button', { name: 'save' }));
    const dialog = screen.getByRole('dialog', { name: '保存' });
    const region = screen.getByRole('region', { name: '通知' });
    expect(dialog).toContainElement(region);
    // In the flow between the heading and the body: it pushes the body down instead of lying on it.
    const save = screen.getByRole('button', { name: 'save' });
    expect(region.compareDocumentPosition(save) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(getComputedStyle(region).position).not.toBe('fixed');
    await expectNoAxeViolations();

    await user.click(within(dialog).getAllByRole('button', { name: '閉じる' })[0]!);
    expect(screen.queryByRole('dialog')).toBeNull();
    // The toast outlives the dialog, back in the page's corner.
    const after = screen.getByRole('region', { name: '通知' });
    expect(after.parentElement).toBe(document.body);
    expect(within(after).getByText('入力内容にエラーがあります')).toBeInTheDocument();
  });

  it("keeps a form's toasts in its dialog while a question (alertdialog) is asked over it", async () => {
    function Asking() {
      const toast = useToast();
      const [title, setTitle] = useState('');
      return (
        <Dialog open title="案件を作成" unsavedChanges={title !== ''} onClose={() => {}}>
          <input aria-label="タイトル" value={title} onChange={(event) => setTitle(event.target.value)} />
          <button type="button" onClick={() => toast.warn('入力内容にエラーがあります')}>
            save
          </button>
        </Dialog>
      );
    }
    const { user } = renderUi(<Asking />);
    await user.click(screen.getByRole('button', { name: 'save' }));
    await user.type(screen.getByRole('textbox', { name: 'タイトル' }), 'x');
    await user.keyboard('{Escape}');
    const ask = screen.getByRole('alertdialog', { name: '入力内容を破棄しますか？' });
    const region = screen.getByRole('region', { name: '通知', hidden: true });
    expect(ask).not.toContainElement(region);
    expect(screen.getByRole('dialog', { name: '案件を作成', hidden: true })).toContainElement(region);
  });

  it('leaves toasts usable above it: a failed save in a dialog reports there', async () => {
    const { user, container } = renderUi(<WithToast />);
    await user.click(screen.getByRole('button', { name: 'save' }));
    const region = screen.getByRole('region', { name: '通知' });
    expect(container.closest('body > *')).toHaveAttribute('inert');
    expect(region.closest('[inert]')).toBeNull();
    await user.click(within(region).getByRole('button', { name: '閉じる' }));
    expect(within(region).queryByText('保存に失敗しました')).toBeNull();
  });
});
