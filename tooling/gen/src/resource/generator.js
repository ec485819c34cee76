// @ts-check
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { isKebabCase, pluralOf, resourceNames } from '../names.js';
import { anchoredEdits, routeTitles } from './edits.js';
import { newFiles, ownFolders, takenNames } from './files.js';
import { formatFiles, generateMigration } from './tools.js';

/** tooling/gen/src/resource -> the repository root the generator writes into. */
const root = path.resolve(import.meta.dirname, '../../../..');
const templates = path.resolve(import.meta.dirname, '../../templates/resource');

/** @typedef {import('plop').NodePlopAPI} NodePlopAPI */
/** @typedef {Record<string, string>} Answers */

/** @param {string} text */
const capitalized = (text) => text.charAt(0).toUpperCase() + text.slice(1);

/** @param {string} value */
const jsString = (value) => `'${value.replaceAll('\\', '\\\\').replaceAll("'", "\\'")}'`;

/**
 * Every name and label the templates use, from the four answers (name, labelJa, labelEn, plural).
 * @param {Answers} answers
 */
function withNames(answers) {
  const names = resourceNames(answers.name ?? '', answers.plural);
  const labelEn = (answers.labelEn ?? '').trim().toLowerCase();
  const labelEnPlural = pluralOf(labelEn);
  return {
    ...answers,
    ...names,
    labelEn,
    labelEnPlural,
    LabelEn: capitalized(labelEn),
    LabelEnPlural: capitalized(labelEnPlural),
    labelJa: (answers.labelJa ?? '').trim(),
  };
}

/**
 * The domain's exports the contract would add that another module exports already (every export
 * of packages/domain shares one namespace).
 * @param {Answers} answers
 */
function domainClashes(answers) {
  const source = path.join(root, 'packages/domain/src');
  const wanted = [`${answers.camel}Schema`, `${answers.camel}Endpoints`, answers.pascal];
  return readdirSync(source, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .flatMap((entry) => {
      const text = readFileSync(path.join(entry.parentPath, entry.name), 'utf8');
      return wanted
        .filter((name) => new RegExp(`export (const|type|interface|function) ${name}\\b`).test(text))
        .map((name) => `${name} in ${path.relative(root, path.join(entry.parentPath, entry.name))}`);
    });
}

/**
 * Refuses, before anything is written, a name whose files or registrations exist already (a second
 * run with the same name), and an existing file whose anchor has moved.
 * @param {NodePlopAPI} plop
 * @param {Answers} answers
 */
function checkFree(plop, answers) {
  const taken = newFiles
    .map((file) => plop.renderString(file.path, answers))
    .filter((file) => existsSync(path.join(root, file)));
  const folders = ownFolders
    .map((folder) => plop.renderString(folder, answers))
    .filter((folder) => existsSync(path.join(root, folder)));
  const names = takenNames
    .map(({ file, text }) => ({ file, text: plop.renderString(text, answers) }))
    .filter(({ file, text }) => readFileSync(path.join(root, file), 'utf8').includes(text))
    .map(({ file, text }) => `${text.trim()} in ${file}`);
  const clashes = [...taken, ...folders, ...names, ...domainClashes(answers)];
  if (clashes.length > 0) {
    throw new Error(
      `resource "${answers.name}" exists already (${clashes.join('; ')}); choose another name or remove it first`,
    );
  }
  for (const edit of anchoredEdits) {
    const text = readFileSync(path.join(root, edit.path), 'utf8');
    if (!edit.anchor.test(text)) {
      throw new Error(
        `${edit.path}: the anchor ${String(edit.anchor)} is gone; update tooling/gen/src/resource/edits.js`,
      );
    }
  }
  return `"${answers.name}" is free`;
}

/**
 * Adds the route titles to the start-up texts of both languages, keeping every other key.
 * @param {NodePlopAPI} plop
 * @param {Answers} answers
 */
function addRouteTitles(plop, answers) {
  for (const { path: file, titles } of routeTitles) {
    const target = path.join(root, file);
    const messages = /** @type {{ route: Record<string, string> }} */ (
      JSON.parse(readFileSync(target, 'utf8'))
    );
    for (const [key, value] of Object.entries(titles)) {
      messages.route[plop.renderString(key, answers)] = plop.renderString(value, answers);
    }
    writeFileSync(target, `${JSON.stringify(messages, null, 2)}\n`);
  }
  return routeTitles.map((title) => title.path).join(', ');
}

/**
 * `pnpm gen resource <name> [Japanese label] [English label] [plural]`: a resource with a list
 * and a detail page, from the contract to the web pages (docs/recipes/add-a-resource.md).
 * @param {NodePlopAPI} plop
 * @returns {import('plop').PlopGeneratorConfig}
 */
export function resourceGenerator(plop) {
  plop.setHelper('json', (/** @type {string} */ value) => JSON.stringify(value));
  plop.setHelper('quote', (/** @type {string} */ value) => jsString(value));
  plop.setHelper('concat', (/** @type {unknown[]} */ ...parts) => parts.slice(0, -1).join(''));
  return {
    description:
      'A resource: contract, table and migration, repository, routes, client, web pages, texts, tests',
    prompts: [
      {
        type: 'input',
        name: 'name',
        message: 'Resource name, singular, kebab case (e.g. trade-partner)',
        validate: (/** @type {string} */ value) => isKebabCase(value) || 'Use kebab case: trade-partner',
      },
      {
        type: 'input',
        name: 'labelJa',
        message: 'What Japanese calls it (e.g. 取引先)',
        validate: (/** @type {string} */ value) => value.trim() !== '' || 'The Japanese name is required',
      },
      {
        type: 'input',
        name: 'labelEn',
        message: 'What English calls one (e.g. trade partner)',
        default: (/** @type {Answers} */ answers) => (answers.name ?? '').replaceAll('-', ' '),
      },
      {
        type: 'input',
        name: 'plural',
        message: 'Plural, kebab case',
        default: (/** @type {Answers} */ answers) => pluralOf(answers.name ?? ''),
        validate: (/** @type {string} */ value) => isKebabCase(value) || 'Use kebab case: trade-partners',
      },
    ],
    actions: (raw) => {
      const answers = withNames(/** @type {Answers} */ (raw ?? {}));
      Object.assign(raw ?? {}, answers);
      const written = [
        ...newFiles.map((file) => file.path),
        ...anchoredEdits.map((edit) => edit.path),
        ...routeTitles.map((title) => title.path),
      ].map((file) => plop.renderString(file, answers));
      return [
        () => checkFree(plop, answers),
        ...newFiles.map((file) => ({
          type: 'add',
          path: path.join(root, file.path),
          templateFile: path.join(templates, file.template),
        })),
        ...anchoredEdits.map((edit) => ({
          type: 'modify',
          path: path.join(root, edit.path),
          pattern: edit.anchor,
          template: edit.where === 'before' ? `${edit.text}$&` : `$&${edit.text}`,
        })),
        () => addRouteTitles(plop, answers),
        () => generateMigration(root, answers.snakePlural),
        () => formatFiles(root, [...new Set(written)]),
      ];
    },
  };
}
