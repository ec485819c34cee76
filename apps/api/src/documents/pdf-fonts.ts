import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';

export interface PdfFonts {
  regular: Buffer;
  bold: Buffer;
}

/** The complete Noto Sans JP TTFs (about 5.5 MB each); pdfkit embeds only the glyphs used. */
const fontFiles = {
  regular: '@expo-google-fonts/noto-sans-jp/400Regular/NotoSansJP_400Regular.ttf',
  bold: '@expo-google-fonts/noto-sans-jp/700Bold/NotoSansJP_700Bold.ttf',
} as const;

let loading: Promise<PdfFonts> | undefined;

/**
 * The font bytes, read from the installed package on first use and kept for the life of the
 * process (nothing is downloaded at run time). A failed read is not cached, so a later render
 * can try again.
 */
export function pdfFonts(): Promise<PdfFonts> {
  loading ??= readFonts().catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

async function readFonts(): Promise<PdfFonts> {
  const require = createRequire(import.meta.url);
  const [regular, bold] = await Promise.all([
    readFile(require.resolve(fontFiles.regular)),
    readFile(require.resolve(fontFiles.bold)),
  ]);
  return { regular, bold };
}
