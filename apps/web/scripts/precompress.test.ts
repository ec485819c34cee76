import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { precompressFolder } from './precompress';

describe('precompressFolder', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'precompress-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  test('writes brotli and gzip beside compressible files of 1 KB or more, and nothing else', async () => {
    const script = Buffer.from(Array.from({ length: 300 }, (_, i) => `const a${i} = ${i};`).join('\n'));
    await mkdir(path.join(dir, 'assets'));
    await mkdir(path.join(dir, '.vite'));
    await writeFile(path.join(dir, 'assets', 'index-abc.js'), script);
    await writeFile(path.join(dir, 'index.html'), `<!doctype html>${'<p>text</p>'.repeat(200)}`);
    await writeFile(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    await writeFile(path.join(dir, 'assets', 'index-abc.js.map'), script);
    await writeFile(path.join(dir, '.vite', 'manifest.json'), script);
    await writeFile(path.join(dir, 'assets', 'logo.png'), script);

    expect(await precompressFolder(dir)).toEqual([
      path.join('assets', 'index-abc.js.br'),
      path.join('assets', 'index-abc.js.gz'),
      'index.html.br',
      'index.html.gz',
    ]);
    const br = await readFile(path.join(dir, 'assets', 'index-abc.js.br'));
    const gz = await readFile(path.join(dir, 'assets', 'index-abc.js.gz'));
    expect(brotliDecompressSync(br).equals(script)).toBe(true);
    expect(gunzipSync(gz).equals(script)).toBe(true);
    expect(br.length).toBeLessThan(script.length / 3);
  });

  test('keeps no variant that would be larger than the file', async () => {
    // Random bytes: neither brotli nor gzip can shrink them.
    await writeFile(path.join(dir, 'noise.txt'), randomBytes(4096));
    expect(await precompressFolder(dir)).toEqual([]);
  });
});
