import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';

export const manifestName = 'manifest.json';
export const manifestFormat = 'ipportal-backup';

const sha256 = z.string().regex(/^[0-9a-f]{64}$/);

const manifestSchema = z.object({
  format: z.literal(manifestFormat),
  version: z.literal(1),
  createdAt: z.string(),
  database: z.object({
    /** `pglite`: PGlite's `dumpDataDir` tarball; `postgres`: a `pg_dump --format=custom` archive. */
    kind: z.enum(['pglite', 'postgres']),
    file: z.string(),
    size: z.number().int().nonnegative(),
    sha256,
  }),
  storage: z.object({
    /** The driver the objects were read from; a restore may write them to either. */
    driver: z.enum(['local', 's3']),
    objects: z.array(
      z.object({
        key: z.string(),
        size: z.number().int().nonnegative(),
        sha256,
        contentType: z.string(),
        writeOnce: z.boolean(),
      }),
    ),
  }),
});

export type Manifest = z.infer<typeof manifestSchema>;
export type ManifestObject = Manifest['storage']['objects'][number];

export async function writeManifest(dir: string, manifest: Manifest): Promise<void> {
  await writeFile(path.join(dir, manifestName), `${JSON.stringify(manifest, null, 2)}\n`, { flag: 'wx' });
}

export async function readManifest(dir: string): Promise<Manifest> {
  let text: string;
  try {
    text = await readFile(path.join(dir, manifestName), 'utf8');
  } catch {
    throw new Error(`${dir} is not a backup: it has no ${manifestName}`);
  }
  const parsed = manifestSchema.safeParse(JSON.parse(text));
  if (!parsed.success)
    throw new Error(`${path.join(dir, manifestName)} is not a backup manifest of this version`);
  return parsed.data;
}
