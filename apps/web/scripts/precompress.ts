import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text formats worth compressing; images and fonts of the build are compressed formats already. */
const compressible = /\.(?:js|mjs|css|html|svg|json|txt|webmanifest|xml)$/;
/** Below this the response headers outweigh what compression saves (the server's threshold too). */
const minBytes = 1024;

/**
 * Writes `<file>.br` (brotli, best quality) and `<file>.gz` (gzip, level 9) beside every
 * compressible file of 1 KB or more under `dir`, each only where it is smaller than the file. The
 * API server sends the variant a browser accepts, so compression costs nothing per request.
 * Skips folders starting with a dot (Vite's manifest) and source maps (read only by developer
 * tools). Returns the files written, relative to `dir`.
 */
export async function precompressFolder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((entry) => entry.isFile() && compressible.test(entry.name))
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .filter((file) => !file.split(path.sep).some((part) => part.startsWith('.')));
  const written = await Promise.all(
    files.map(async (file) => {
      const full = path.join(dir, file);
      const bytes = await readFile(full);
      if (bytes.length < minBytes) return [];
      const [br, gz] = await Promise.all([
        brotli(bytes, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
          },
        }),
        gzipAsync(bytes, { level: constants.Z_BEST_COMPRESSION }),
      ]);
      const out: string[] = [];
      for (const [suffix, compressed] of [
        ['.br', br],
        ['.gz', gz],
      ] as const) {
        if (compressed.length >= bytes.length) continue;
        await writeFile(`${full}${suffix}`, compressed);
        out.push(`${file}${suffix}`);
      }
      return out;
    }),
  );
  return written.flat().sort();
}

/** Vite build plugin: precompresses the finished output folder (see `precompressFolder`). */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'ipportal:precompress',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      await precompressFolder(outDir);
    },
  };
}
