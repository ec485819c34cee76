import type { UiTexts } from '../../i18n';

/** Why a file was refused. */
export type FileRejectionReason = 'size' | 'type' | 'count';

export interface FileRejection {
  file: File;
  reason: FileRejectionReason;
  /** Localized explanation shown to the user. */
  message: string;
}

export interface FileRules {
  /** Accepted types: extensions (".pdf"), MIME types ("application/pdf") or wildcards ("image/*"). */
  accept?: readonly string[];
  /** Largest allowed size in bytes. */
  maxSize?: number;
  /** Most files accepted in one drop or pick. */
  maxFiles?: number;
}

/** Formats a byte count as B / KB / MB / GB with the locale's digits. */
export function formatBytes(bytes: number, locale = 'ja'): string {
  const units = ['B', 'KB', 'MB', 'GB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 || value >= 10 ? 0 : 1;
  return `${new Intl.NumberFormat(locale, { maximumFractionDigits: digits }).format(value)} ${units[unit]}`;
}

/** Whether a file matches one of the accepted extensions or MIME patterns. */
export function matchesAccept(
  file: Pick<File, 'name' | 'type'>,
  accept: readonly string[] | undefined,
): boolean {
  if (!accept || accept.length === 0) return true;
  const name = file.name.toLowerCase();
  const type = file.type.toLowerCase();
  return accept.some((raw) => {
    const pattern = raw.trim().toLowerCase();
    if (pattern.startsWith('.')) return name.endsWith(pattern);
    if (pattern.endsWith('/*')) return type.startsWith(pattern.slice(0, -1));
    return type === pattern;
  });
}

/** Splits picked or dropped files into accepted ones and rejections with clear messages. */
export function validateFiles(
  files: readonly File[],
  rules: FileRules,
  texts: UiTexts,
  locale = 'ja',
): { accepted: File[]; rejected: FileRejection[] } {
  const accepted: File[] = [];
  const rejected: FileRejection[] = [];
  const acceptText = rules.accept?.join(', ') ?? '';
  for (const file of files) {
    if (!matchesAccept(file, rules.accept)) {
      rejected.push({ file, reason: 'type', message: texts.fileTypeNotAllowed(file.name, acceptText) });
    } else if (rules.maxSize !== undefined && file.size > rules.maxSize) {
      rejected.push({
        file,
        reason: 'size',
        message: texts.fileTooLarge(file.name, formatBytes(rules.maxSize, locale)),
      });
    } else if (rules.maxFiles !== undefined && accepted.length >= rules.maxFiles) {
      rejected.push({ file, reason: 'count', message: texts.tooManyFiles(rules.maxFiles) });
    } else {
      accepted.push(file);
    }
  }
  return { accepted, rejected };
}
