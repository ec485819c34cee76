import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations, renderUi } from '../../../test/render';
import { defaultUiTexts } from '../../i18n';
import { FileDrop } from './FileDrop';
import { formatBytes, matchesAccept, validateFiles } from './file-rules';

const MB = 1024 * 1024;
const file = (name: string, size: number, type: string) => {
  const f = new File(['x'], name, { type });
  Object.defineProperty(f, 'size', { value: size });
  return f;
};

describe('file rules', () => {
  it('matches extensions, MIME types and wildcards', () => {
    expect(matchesAccept({ name: 'A.PDF', type: '' }, ['.pdf'])).toBe(true);
    expect(matchesAccept({ name: 'a.png', type: 'image/png' }, ['image/*'])).toBe(true);
    expect(matchesAccept({ name: 'a.exe', type: 'application/x-msdownload' }, ['.pdf', 'image/*'])).toBe(
      false,
    );
    expect(matchesAccept({ name: 'a.exe', type: '' }, undefined)).toBe(true);
  });

  it('rejects by type, size and count with messages', () => {
    const { accepted, rejected } = validateFiles(
      [
        file('a.pdf', MB, 'application/pdf'),
        file('b.pdf', 20 * MB, 'application/pdf'),
        file('c.exe', 1, ''),
        file('d.pdf', 1, ''),
        file('e.pdf', 1, ''),
      ],
      { accept: ['.pdf'], maxSize: 10 * MB, maxFiles: 2 },
      defaultUiTexts.en,
      'en',
    );
    expect(accepted.map((f) => f.name)).toEqual(['a.pdf', 'd.pdf']);
    expect(rejected.map((r) => [r.file.name, r.reason])).toEqual([
      ['b.pdf', 'size'],
      ['c.exe', 'type'],
      ['e.pdf', 'count'],
    ]);
    expect(rejected[0]!.message).toBe('"b.pdf" is larger than the 10 MB limit.');
    expect(formatBytes(1536, 'en')).toBe('1.5 KB');
  });
});

describe('FileDrop', () => {
  it('accepts dropped files and reports refused ones', async () => {
    const onFilesAccepted = vi.fn();
    const onFilesRejected = vi.fn();
    renderUi(
      <FileDrop
        label="納品物"
        accept={['.pdf']}
        maxSize={MB}
        onFilesAccepted={onFilesAccepted}
        onFilesRejected={onFilesRejected}
      />,
    );
    const zone = screen.getByTestId('file-drop-zone');
    fireEvent.dragEnter(zone);
    expect(screen.getByText('ドロップしてファイルを追加')).toBeInTheDocument();
    const ok = file('ok.pdf', 10, 'application/pdf');
    const big = file('big.pdf', 2 * MB, 'application/pdf');
    fireEvent.drop(zone, { dataTransfer: { files: [ok, big] } });
    expect(onFilesAccepted).toHaveBeenCalledWith([ok]);
    expect(onFilesRejected).toHaveBeenCalledWith([expect.objectContaining({ reason: 'size' })]);
    expect(screen.getByRole('alert')).toHaveTextContent('「big.pdf」はサイズ上限（1 MB）を超えています。');
    expect(screen.getByText('ここにファイルをドラッグ＆ドロップ')).toBeInTheDocument();
    await expectNoAxeViolations();
  });

  it('picks files through the button and limits single mode to one', async () => {
    const onFilesAccepted = vi.fn();
    const { user } = renderUi(
      <FileDrop label="Sample" multiple={false} onFilesAccepted={onFilesAccepted} />,
      { locale: 'en' },
    );
    expect(screen.getByRole('group', { name: 'Sample' })).toHaveAccessibleDescription('one file only');
    const a = file('a.png', 1, 'image/png');
    const b = file('b.png', 1, 'image/png');
    await user.upload(screen.getByTestId('file-drop-input'), a);
    expect(onFilesAccepted).toHaveBeenLastCalledWith([a]);
    fireEvent.drop(screen.getByTestId('file-drop-zone'), { dataTransfer: { files: [a, b] } });
    expect(onFilesAccepted).toHaveBeenLastCalledWith([a]);
    expect(screen.getByRole('alert')).toHaveTextContent('You can add only one file at a time.');
  });

  it('lists files with caller-supplied progress and remove buttons', async () => {
    const onRemove = vi.fn();
    const { user } = renderUi(
      <FileDrop
        label="納品物"
        onFilesAccepted={() => {}}
        onRemove={onRemove}
        files={[
          { id: '1', name: 'spec.pdf', size: 2 * MB, progress: 42, status: 'uploading' },
          { id: '2', name: 'done.pdf', size: 1024, progress: 100, status: 'done' },
        ]}
      />,
    );
    const bar = screen.getByRole('progressbar', { name: '「spec.pdf」のアップロード進捗' });
    expect(bar).toHaveAttribute('aria-valuenow', '42');
    expect(screen.getByText(/完了/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '「done.pdf」を削除' }));
    expect(onRemove).toHaveBeenCalledWith('2');
    await expectNoAxeViolations();
  });
});
