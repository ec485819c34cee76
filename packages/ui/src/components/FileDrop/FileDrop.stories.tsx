import type { Meta, StoryObj } from '@storybook/react-vite';
import { useEffect, useState } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { FileDrop } from './FileDrop';
import type { FileDropItem } from './FileDrop';

const MB = 1024 * 1024;

const meta = {
  title: 'Forms/FileDrop',
  component: FileDrop,
  args: {
    label: '納品物ファイル',
    accept: ['.pdf', '.docx', 'image/*'],
    maxSize: 10 * MB,
    maxFiles: 5,
    onFilesAccepted: fn(),
    onFilesRejected: fn(),
  },
  parameters: { enArgs: { label: 'Deliverable files' } },
  decorators: [(Story) => <div style={{ maxWidth: 560 }}>{Story()}</div>],
} satisfies Meta<typeof FileDrop>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const Required: Story = {
  args: { required: true, helpText: '明細書・図面などをアップロードしてください。' },
  parameters: { enArgs: { helpText: 'Upload the specification, drawings and so on.' } },
};
export const SingleFile: Story = {
  args: { multiple: false, label: '商標見本' },
  parameters: { enArgs: { label: 'Trademark specimen' } },
};
export const Disabled: Story = { args: { disabled: true } };

export const WithProgress: Story = {
  args: {
    files: [
      { id: '1', name: '明細書_第3版.pdf', size: 2.4 * MB, progress: 100, status: 'done' },
      { id: '2', name: '図面一式（修正版）.pdf', size: 8.1 * MB, progress: 45, status: 'uploading' },
      {
        id: '3',
        name: 'translation_US_final.docx',
        size: 640 * 1024,
        progress: 70,
        status: 'error',
        error: 'アップロードに失敗しました',
      },
    ],
    onRemove: fn(),
  },
  parameters: {
    enArgs: {
      files: [
        { id: '1', name: 'specification_v3.pdf', size: 2.4 * MB, progress: 100, status: 'done' },
        { id: '2', name: 'drawings (revised).pdf', size: 8.1 * MB, progress: 45, status: 'uploading' },
        {
          id: '3',
          name: 'translation_US_final.docx',
          size: 640 * 1024,
          progress: 70,
          status: 'error',
          error: 'Upload failed',
        },
      ],
    },
  },
};

/** Picking files runs the limits: a too-large file and a wrong type get clear messages. */
export const RejectsByLimits: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const input = canvasElement.querySelector<HTMLInputElement>('input[type="file"]')!;
    const big = new File([new Uint8Array(11 * MB)], 'huge-scan.pdf', { type: 'application/pdf' });
    const exe = new File(['x'], 'setup.exe', { type: 'application/x-msdownload' });
    const ok = new File(['%PDF'], 'claims.pdf', { type: 'application/pdf' });
    await userEvent.upload(input, [big, exe, ok], { applyAccept: false });
    await expect(args.onFilesAccepted).toHaveBeenCalledWith([ok]);
    await expect(canvas.getByRole('alert')).toHaveTextContent('huge-scan.pdf');
    await expect(canvas.getByRole('alert')).toHaveTextContent('setup.exe');
  },
};

/** Simulated uploads: the caller owns the progress values. */
export const SimulatedUpload: Story = {
  render: function Render(args) {
    const [files, setFiles] = useState<FileDropItem[]>([]);
    useEffect(() => {
      const timer = setInterval(() => {
        setFiles((list) =>
          list.map((f) =>
            f.status === 'uploading'
              ? {
                  ...f,
                  progress: Math.min(100, (f.progress ?? 0) + 10),
                  status: (f.progress ?? 0) + 10 >= 100 ? 'done' : 'uploading',
                }
              : f,
          ),
        );
      }, 300);
      return () => clearInterval(timer);
    }, []);
    return (
      <FileDrop
        {...args}
        files={files}
        onRemove={(id) => setFiles((list) => list.filter((f) => f.id !== id))}
        onFilesAccepted={(accepted) =>
          setFiles((list) => [
            ...list,
            ...accepted.map((f, i) => ({
              id: `${Date.now()}-${i}`,
              name: f.name,
              size: f.size,
              progress: 0,
              status: 'uploading' as const,
            })),
          ])
        }
      />
    );
  },
  play: async ({ canvasElement }) => {
    const input = canvasElement.querySelector<HTMLInputElement>('input[type="file"]')!;
    await userEvent.upload(input, [
      new File(['%PDF'], 'claims.pdf', { type: 'application/pdf' }),
      new File(['%PDF'], 'drawings.pdf', { type: 'application/pdf' }),
    ]);
    await expect(await within(canvasElement).findAllByRole('progressbar')).toHaveLength(2);
  },
};
