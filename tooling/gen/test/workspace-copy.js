// @ts-check
import { execFileSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readlinkSync,
  symlinkSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** tooling/gen/test -> the repository root. */
export const repositoryRoot = path.resolve(import.meta.dirname, '../../..');

/**
 * The workspace's files as git sees them (tracked, and new ones not ignored), copied into a
 * temporary folder: what the generator writes there never reaches the sources other tests read.
 * @returns {string} the copy's root
 */
export function copyWorkspace() {
  const copy = mkdtempSync(path.join(tmpdir(), 'ipportal-gen-'));
  const listed = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: repositoryRoot,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  for (const file of new Set(listed.split('\0').filter((name) => name !== ''))) {
    const from = path.join(repositoryRoot, file);
    // A tracked file deleted in the working tree is not part of it.
    if (!existsSync(from)) continue;
    mkdirSync(path.dirname(path.join(copy, file)), { recursive: true });
    cpSync(from, path.join(copy, file));
  }
  linkDependencies(copy);
  return copy;
}

/** Folders of the workspace that have installed dependencies (the root and each package). */
function installedFolders() {
  const folders = [''];
  for (const group of ['apps', 'packages', 'tooling']) {
    for (const entry of readdirSync(path.join(repositoryRoot, group), { withFileTypes: true })) {
      const folder = path.join(group, entry.name);
      if (entry.isDirectory() && existsSync(path.join(repositoryRoot, folder, 'node_modules')))
        folders.push(folder);
    }
  }
  return folders;
}

/**
 * Each copied package gets a node_modules of links: a workspace package (@ipportal/*) links to its
 * copy, so the type checker and lint see the generated sources; everything else links to the
 * installed package, so nothing is installed again.
 * @param {string} copy
 */
function linkDependencies(copy) {
  for (const folder of installedFolders()) {
    const installed = path.join(repositoryRoot, folder, 'node_modules');
    const target = path.join(copy, folder, 'node_modules');
    mkdirSync(target, { recursive: true });
    for (const entry of readdirSync(installed)) {
      // Caches the tools write (vite, vitest): the copy starts its own rather than write to the real one.
      if (entry.startsWith('.vite') || entry === '.cache') continue;
      if (entry.startsWith('@')) {
        mkdirSync(path.join(target, entry));
        for (const scoped of readdirSync(path.join(installed, entry))) {
          linkEntry(path.join(installed, entry, scoped), path.join(target, entry, scoped), copy);
        }
      } else {
        linkEntry(path.join(installed, entry), path.join(target, entry), copy);
      }
    }
  }
}

/**
 * @param {string} installed
 * @param {string} link
 * @param {string} copy
 */
function linkEntry(installed, link, copy) {
  let pointsAt = installed;
  if (lstatSync(installed).isSymbolicLink()) {
    const resolved = path.resolve(path.dirname(installed), readlinkSync(installed));
    const inside = path.relative(repositoryRoot, resolved);
    // A workspace package (pnpm links it by a relative path that stays inside the repository).
    if (!inside.startsWith('..') && !inside.split(path.sep).includes('node_modules')) {
      pointsAt = path.join(copy, inside);
    }
  }
  symlinkSync(pointsAt, link);
}
